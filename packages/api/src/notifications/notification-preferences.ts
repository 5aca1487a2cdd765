import { queryOptions, useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MyNotificationPreferences, NotificationPreferences, UserTypeNotificationDefaults } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contracts = () => import('@servicedesk/contracts/notification-preferences');

/** Query keys of the notification preferences (issue #38): mine, and a user type's defaults. */
export const notificationPreferenceKeys = {
  all: ['notificationPreferences'] as const,
  mine: () => [...notificationPreferenceKeys.all, 'mine'] as const,
  userType: (userTypeId: number) => [...notificationPreferenceKeys.all, 'userType', userTypeId] as const,
};

/** GET /api/notifications/preferences: my effective choice, my type's defaults, isCustom, WhatsApp number, time zone. */
export function getMyNotificationPreferences(client: ApiClient, signal?: AbortSignal): Promise<MyNotificationPreferences> {
  return client.request({ method: 'GET', path: '/notifications/preferences', schema: () => contracts().then((m) => m.myNotificationPreferences), signal });
}

/** PUT /api/notifications/preferences: saves my whole choice (every kind, the quiet hours). 400 `validationError`. */
export function saveMyNotificationPreferences(client: ApiClient, preferences: NotificationPreferences): Promise<MyNotificationPreferences> {
  return client.request({ method: 'PUT', path: '/notifications/preferences', body: preferences, schema: () => contracts().then((m) => m.myNotificationPreferences) });
}

/** DELETE /api/notifications/preferences: forgets my choice; my user type's defaults apply again. */
export function resetMyNotificationPreferences(client: ApiClient): Promise<MyNotificationPreferences> {
  return client.request({ method: 'DELETE', path: '/notifications/preferences', schema: () => contracts().then((m) => m.myNotificationPreferences) });
}

/** GET /api/notifications/defaults/{userTypeId} (admin.userTypes): the type's defaults; 404. */
export function getUserTypeNotificationDefaults(client: ApiClient, userTypeId: number, signal?: AbortSignal): Promise<UserTypeNotificationDefaults> {
  return client.request({
    method: 'GET',
    path: encodePath`/notifications/defaults/${userTypeId}`,
    schema: () => contracts().then((m) => m.userTypeNotificationDefaults),
    signal,
  });
}

/** PUT /api/notifications/defaults/{userTypeId} (admin.userTypes.update): sets the type's defaults; 400, 403, 404. */
export function saveUserTypeNotificationDefaults(client: ApiClient, userTypeId: number, preferences: NotificationPreferences): Promise<UserTypeNotificationDefaults> {
  return client.request({
    method: 'PUT',
    path: encodePath`/notifications/defaults/${userTypeId}`,
    body: preferences,
    schema: () => contracts().then((m) => m.userTypeNotificationDefaults),
  });
}

/** Query options for {@link getMyNotificationPreferences}. */
export function myNotificationPreferencesQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: notificationPreferenceKeys.mine(), queryFn: ({ signal }) => getMyNotificationPreferences(client, signal) });
}

/** My notification preferences (the profile's "Notifications" card). */
export function useMyNotificationPreferences() {
  return useQuery(myNotificationPreferencesQueryOptions(useApiClient()));
}

type MineOptions<V> = Omit<UseMutationOptions<MyNotificationPreferences, ApiRequestError, V>, 'mutationFn'>;

/** Mutation for {@link saveMyNotificationPreferences}; the answer replaces the cached one. */
export function useSaveMyNotificationPreferences(options?: MineOptions<NotificationPreferences>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (preferences) => saveMyNotificationPreferences(client, preferences),
    onSuccess: (data, ...rest) => {
      queryClient.setQueryData(notificationPreferenceKeys.mine(), data);
      return options?.onSuccess?.(data, ...rest);
    },
  });
}

/** Mutation for {@link resetMyNotificationPreferences}; the answer replaces the cached one. */
export function useResetMyNotificationPreferences(options?: MineOptions<void>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => resetMyNotificationPreferences(client),
    onSuccess: (data, ...rest) => {
      queryClient.setQueryData(notificationPreferenceKeys.mine(), data);
      return options?.onSuccess?.(data, ...rest);
    },
  });
}

/** A user type's notification defaults (the user type page); `enabled` false while no type is chosen. */
export function useUserTypeNotificationDefaults(userTypeId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: notificationPreferenceKeys.userType(userTypeId ?? 0),
    queryFn: ({ signal }) => getUserTypeNotificationDefaults(client, userTypeId ?? 0, signal),
    enabled: userTypeId !== null,
  });
}

/** Mutation for {@link saveUserTypeNotificationDefaults}; refreshes the type's defaults and my own (I may be of that type). */
export function useSaveUserTypeNotificationDefaults(
  userTypeId: number,
  options?: Omit<UseMutationOptions<UserTypeNotificationDefaults, ApiRequestError, NotificationPreferences>, 'mutationFn'>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (preferences) => saveUserTypeNotificationDefaults(client, userTypeId, preferences),
    onSuccess: (data, ...rest) => {
      queryClient.setQueryData(notificationPreferenceKeys.userType(userTypeId), data);
      void queryClient.invalidateQueries({ queryKey: notificationPreferenceKeys.mine() });
      return options?.onSuccess?.(data, ...rest);
    },
  });
}
