/**
 * Locations (docs/reference/data-model.md#tables, docs/reference/tool-catalogue.md#memory-and-identity): named
 * places, unique by case-folded name. Unknown coordinates are NULL, never 0.
 */
import { ToolError } from '@chief-of-staff/core';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH } from '../db/validation.js';

export interface LocationRecord {
  id: number;
  name: string;
  /** Case-folded name (docs/reference/conventions.md#validation); uniqueness is enforced on it. */
  nameFolded: string;
  address: string | null;
  /** NULL when unknown, never 0. */
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoreLocationInput {
  name: string;
  /** Omitted fields keep their stored value; `null` clears. */
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  notes?: string | null;
}

export const LOCATION_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };

export interface LocationsRepository {
  upsert(input: StoreLocationInput): Promise<{ location: LocationRecord; created: boolean }>;
  getByName(name: string): Promise<LocationRecord | undefined>;
  /** Case-folded substring over name and address, ordered by name. */
  list(filters: { query?: string }, page: PageRequest): Promise<Page<LocationRecord>>;
}

/** Latitude and longitude come together and in range; shared with the other adapters so their errors are the same. */
export function checkLocationCoordinates(input: StoreLocationInput): void {
  const hasLat = input.latitude !== undefined && input.latitude !== null;
  const hasLon = input.longitude !== undefined && input.longitude !== null;
  if (hasLat !== hasLon) {
    throw ToolError.invalidArgument(
      hasLat ? 'longitude' : 'latitude',
      'is missing: latitude and longitude must be given together.',
      'Give both coordinates, or neither.',
    );
  }
  if (hasLat && !((input.latitude as number) >= -90 && (input.latitude as number) <= 90)) {
    throw ToolError.invalidArgument('latitude', `${input.latitude} is out of range.`, 'Use a number from -90 to 90.');
  }
  if (hasLon && !((input.longitude as number) >= -180 && (input.longitude as number) <= 180)) {
    throw ToolError.invalidArgument('longitude', `${input.longitude} is out of range.`, 'Use a number from -180 to 180.');
  }
}

/** What storing a location changes: the validated name and the given fields (omitted ones keep their stored value). */
export function locationChanges(input: StoreLocationInput): {
  name: string;
  changes: Partial<Pick<LocationRecord, 'address' | 'latitude' | 'longitude' | 'notes'>>;
} {
  const name = assertText('name', input.name, MAX_NAME_LENGTH);
  checkLocationCoordinates(input);
  if (input.address) assertMaxLength('address', input.address, MAX_NAME_LENGTH * 5);
  if (input.notes) assertMaxLength('notes', input.notes, MAX_VALUE_LENGTH);
  const changes: Partial<Pick<LocationRecord, 'address' | 'latitude' | 'longitude' | 'notes'>> = {};
  if (input.address !== undefined) changes.address = input.address;
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.latitude !== undefined) {
    changes.latitude = input.latitude;
    changes.longitude = input.longitude ?? null;
  }
  return { name, changes };
}
