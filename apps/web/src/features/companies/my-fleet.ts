/**
 * The signed-in member's fleet (issue 32 #5) as other pages use it: the cart names a line's
 * vehicle from it, and the catalogue searches the parts that fit it. A visitor, an admin and a
 * customer without a company ask for nothing and get an empty fleet.
 */
import type { FleetVehicle } from '@axle/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../accounts/index.ts';
import { companyQuery } from './company-query.ts';

/**
 * The company's fleet (issue 32 #5), beneath the company's key: leaving the company forgets it
 * with the rest, and a new company does not show the old one's vehicles. Here rather than in
 * keys.ts, which the home page's cards load: no page without the fleet carries it.
 */
export const FLEET_KEY = ['company', 'fleet'] as const;

/**
 * GET /company/vehicles: the company's fleet, newest first (every member sees and keeps it; the
 * cart names a line's vehicle from it, and the catalogue searches what fits it).
 */
export const fleetQuery = () =>
  queryOptions({
    queryKey: FLEET_KEY,
    queryFn: ({ signal }) => api<FleetVehicle[]>('/company/vehicles', { signal }),
    retry: false,
  });

export function useMyFleet(): FleetVehicle[] {
  const { user, isAdmin, loading } = useAuth();
  const signedIn = Boolean(user) && !loading && !isAdmin;
  const company = useQuery({ ...companyQuery(), enabled: signedIn });
  const fleet = useQuery({ ...fleetQuery(), enabled: signedIn && Boolean(company.data) });
  return signedIn && company.data ? (fleet.data ?? []) : [];
}
