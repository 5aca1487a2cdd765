import { modalElementListResponse } from '@servicedesk/contracts';

/*
 * Fixtures of the modal elements, parsed by the contract at import (a drifted fixture fails
 * every test and story that loads it).
 */

const at = '2026-02-01T09:00:00.000Z';
const base = { createdBy: 'Aysel Məmmədova', createdAt: at, updatedAt: at };

/** Every list's elements (one removed vendor). */
export const modalElementsFixture = modalElementListResponse.parse([
  { id: 1, modalElement: 'vendor', name: 'Azərsun Holding', tin: '1400057421', phone: '+994 12 404 00 00', address: 'Bakı, Nobel pr. 15', isActive: true, ...base },
  { id: 2, modalElement: 'vendor', name: 'Köhnə Təchizat MMC', tin: '1700123456', phone: null, address: null, isActive: false, ...base },
  { id: 3, modalElement: 'contractor', name: 'Bakı Tikinti', tin: '1300765432', phone: null, address: 'Bakı', isActive: true, ...base },
  { id: 4, modalElement: 'tag', name: 'Təcili', tin: null, phone: null, address: null, isActive: true, ...base },
  { id: 5, modalElement: 'tag', name: 'Maliyyə', tin: null, phone: null, address: null, isActive: true, ...base },
  { id: 6, modalElement: 'documentDestination', name: 'Vergilər Nazirliyi', tin: null, phone: null, address: null, isActive: true, ...base },
]);
