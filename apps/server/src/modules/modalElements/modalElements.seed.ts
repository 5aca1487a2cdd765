import { normalizeForSearch } from '@servicedesk/i18n/normalize';
import type { ModalElementKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { modalElements } from '../../db/schema';

/** Demo reference lists (DOMAIN.md "Demo data"): a few vendors, contractors, tags and destinations. */
export const modalElementSeeds: { kind: ModalElementKind; name: string; tin?: string; phone?: string; address?: string }[] = [
  { kind: 'vendor', name: 'Kompüter Mərkəzi MMC', tin: '1400123451', phone: '+994 12 404 10 10', address: 'Bakı, Nizami küç. 10' },
  { kind: 'vendor', name: 'Ofis Təchizat ASC', tin: '1400123452', phone: '+994 12 404 20 20', address: 'Bakı, Azadlıq pr. 45' },
  { kind: 'vendor', name: 'Baku Electronics', tin: '1400123453' },
  { kind: 'contractor', name: 'Abşeron Tikinti MMC', tin: '1500123451', phone: '+994 12 505 30 30' },
  { kind: 'contractor', name: 'Təmir Servis MMC', tin: '1500123452' },
  { kind: 'tag', name: 'Vacib' },
  { kind: 'tag', name: 'Maliyyə' },
  { kind: 'tag', name: 'Hüquqi' },
  { kind: 'documentDestination', name: 'Baş ofis' },
  { kind: 'documentDestination', name: 'Sumqayıt filialı' },
  { kind: 'documentDestination', name: 'Vergi xidməti' },
];

/**
 * Writes the demo reference lists while the table is empty (so an admin's renames and removals
 * survive a restart, and a renamed demo element never comes back as a twin with the same TIN).
 * Runs inside the seed's transaction.
 */
export async function seedModalElements(tx: Db): Promise<void> {
  const [any] = await tx.select({ id: modalElements.id }).from(modalElements).limit(1);
  if (any) return;
  await tx
    .insert(modalElements)
    .values(
      modalElementSeeds.map((s) => ({
        kind: s.kind,
        name: s.name,
        nameKey: normalizeForSearch(s.name),
        tin: s.tin ?? null,
        phone: s.phone ?? null,
        address: s.address ?? null,
      })),
    )
    .onConflictDoNothing({ target: [modalElements.kind, modalElements.nameKey] });
}
