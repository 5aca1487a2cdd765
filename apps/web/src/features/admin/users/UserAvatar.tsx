import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@servicedesk/api/provider';
import { downloadFile } from '@servicedesk/api/files/download-file';
import { Avatar } from '@servicedesk/ui/Avatar';
import { avatarSrc } from './user-display';

/** Stored avatars are files (`files/{id}`): read with the session token, shown through an object URL. */
const isStoredFile = (imgPath: string | null): imgPath is string => imgPath !== null && /^files\/\d+$/.test(imgPath);

/**
 * The picture a browser can show for `imgPath`: a plain URL as it is; a stored file downloaded
 * once (POST /api/global/FileServer/DownloadFile with the token, cached for the session) and
 * shown as an object URL; null (→ initials) while it loads, when there is none or the download
 * fails.
 */
export function useAvatarUrl(imgPath: string | null): string | null {
  const client = useApiClient();
  const stored = isStoredFile(imgPath);
  const file = useQuery({
    queryKey: ['files', 'avatar', imgPath] as const,
    queryFn: async ({ signal }) => URL.createObjectURL((await downloadFile(client, { url: imgPath ?? '' }, { signal })).blob),
    enabled: stored,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return stored ? (file.data ?? null) : avatarSrc(imgPath);
}

/** A user's avatar (the ui Avatar: photo, else initials) for a stored `imgPath`. */
export function UserAvatar({ imgPath, name, size }: { imgPath: string | null; name: string; size: 'sm' | 'md' | 'lg' }) {
  return <Avatar src={useAvatarUrl(imgPath)} name={name} size={size} />;
}
