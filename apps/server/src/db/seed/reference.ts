import type { Db } from '../client.ts';
import { loadCategories } from './catalogue/load.ts';
import { loadVehicles } from './vehicles/load.ts';

/**
 * The catalogue's reference data, into empty tables at every start on every database: the
 * vehicle list (NHTSA vPIC) and the category tree. Tables that hold rows are left as they are.
 */
export async function loadReferenceData(db: Db): Promise<{ vehicles: number; categories: number }> {
  const vehicles = await loadVehicles(db);
  const categories = await loadCategories(db);
  return { vehicles, categories };
}
