import { fleetMessages } from '@axle/contract/fleet-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, fleetList, renderPage, resetServer, sent, server } from '../test-company-server.tsx';
import {
  BAD_CHECK_VIN,
  buyerUser,
  CIVIC,
  CIVIC_VIN,
  COROLLA_VIN,
  fleet,
  ownerUser,
  partsOrdered,
  TRUCK_VIN,
  VAN,
} from '../test-fixtures.ts';

vi.mock('../../accounts/index.ts', () => ({ useAuth: () => server.auth }));
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => server.toasts.push(message),
    error: (message: string) => server.toasts.push(message),
    info: (message: string) => server.toasts.push(message),
  },
}));

// The fleet, its forms and their rules load as the page shows them: loaded once first, so that no
// test's first wait is spent on loading them.
beforeAll(async () => {
  await Promise.all([
    import('../form-rules.ts'),
    import('../components/Fleet.tsx'),
    import('../components/AddFleetVehicleForm.tsx'),
    import('../components/FleetVehicleDialog.tsx'),
  ]);
});
beforeEach(() => {
  resetServer();
  // Every member keeps the fleet: the tests are a buyer's.
  server.auth = { user: buyerUser };
  server.company = { ...fleet, role: 'buyer', invitations: [] };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fleetRegion = async () => within(await screen.findByRole('region', { name: 'Fleet' }));
const addForm = async () => within(await screen.findByRole('region', { name: 'Add a vehicle' }));
const vehicleCard = async (label: string) =>
  (await fleetList()).find(
    (card) => within(card).getByRole('heading', { level: 4 }).textContent === label,
  ) as HTMLElement;

describe('My Company’s fleet', () => {
  it('lists every vehicle with its VIN, what it is and its mileage, for a buyer too', async () => {
    renderPage();
    const [van, civic] = (await fleetList()) as [HTMLElement, HTMLElement];
    expect(within(van).getByRole('heading', { name: 'Van 7 (DHA-1234)' })).toBeTruthy();
    expect(within(van).getByText(COROLLA_VIN).className).toContain('font-mono');
    expect(van.textContent).toContain('2015 Toyota Corolla, 1.8L 4-cyl 2ZR-FE');
    expect(van.textContent).toContain('120,500 km');
    expect(within(civic).getByRole('heading', { name: '2016 Honda Civic' })).toBeTruthy();
    expect(civic.textContent).toContain('Vehicle2016 Honda Civic');
    expect(civic.textContent).toContain('Mileage not recorded');
    // Each button names its vehicle for a screen reader.
    expect(within(van).getByRole('button', { name: 'Edit Van 7 (DHA-1234)' })).toBeTruthy();
    expect(within(van).getByRole('button', { name: 'Remove Van 7 (DHA-1234)' })).toBeTruthy();
    const region = await fleetRegion();
    expect(region.getByText('2 of 1,000 vehicles')).toBeTruthy();
    expect(sent('GET', '/api/company/vehicles')).toHaveLength(1);
  });

  it('is kept by owners too, below the people', async () => {
    server.auth = { user: ownerUser };
    server.company = fleet;
    renderPage();
    const fleetHeading = (await screen.findByRole('region', { name: 'Fleet' })).querySelector('h3');
    const people = screen.getByRole('heading', { name: 'People' });
    expect(fleetHeading?.textContent).toBe('Fleet');
    expect(
      people.compareDocumentPosition(fleetHeading as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await fleetList()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Edit Van 7 (DHA-1234)' })).toBeTruthy();
  });

  it('says so when the fleet is empty, and takes the focus to the form from there', async () => {
    server.vehicles = [];
    const user = userEvent.setup();
    renderPage();
    const region = await fleetRegion();
    expect(
      await region.findByText('Your company has no vehicles yet: add one below by its VIN.'),
    ).toBeTruthy();
    await user.click(region.getByRole('button', { name: 'Add a vehicle' }));
    expect(document.activeElement).toBe(region.getByRole('heading', { name: 'Add a vehicle' }));
  });

  it('adds a vehicle by its VIN, checked first, with the mileage typed as a number', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await addForm();
    const vin = form.getByLabelText('VIN') as HTMLInputElement;
    expect(vin.required).toBe(true);
    expect(vin.getAttribute('autocapitalize')).toBe('characters');
    expect(vin.getAttribute('spellcheck')).toBe('false');

    await fill(user, vin, 'not a vin');
    await fill(user, form.getByLabelText(/Mileage in km/), 'lots');
    await user.click(form.getByRole('button', { name: 'Add the vehicle' }));
    expect(await form.findByText(fleetMessages.vin)).toBeTruthy();
    expect(form.getByText(fleetMessages.mileage)).toBeTruthy();
    expect(document.activeElement).toBe(vin);
    expect(sent('POST')).toEqual([]);

    await user.clear(vin);
    await fill(user, vin, ` ${TRUCK_VIN.toLowerCase()} `);
    await fill(user, form.getByLabelText(/Plate/), 'YX-42');
    await user.clear(form.getByLabelText(/Mileage in km/));
    await fill(user, form.getByLabelText(/Mileage in km/), '120500');
    await user.click(form.getByRole('button', { name: 'Add the vehicle' }));

    await waitFor(() =>
      expect(sent('POST')).toEqual([
        {
          method: 'POST',
          path: '/api/company/vehicles',
          // An empty name is none: sent as null, as the contract takes it.
          body: { vin: TRUCK_VIN, plate: 'YX-42', name: null, mileageKm: 120500 },
        },
      ]),
    );
    // Newest first: the new one heads the list, the fleet read again.
    await waitFor(async () =>
      expect(within((await fleetList())[0] as HTMLElement).getByRole('heading').textContent).toBe(
        '2013 Ford F-150 (YX-42)',
      ),
    );
    const truck = await vehicleCard('2013 Ford F-150 (YX-42)');
    expect(truck.textContent).toContain('120,500 km');
    expect(truck.textContent).toContain('2013 Ford F-150, 3.5L 6-cyl');
    expect(server.toasts).toEqual(['2013 Ford F-150 (YX-42) is in the fleet.']);
    // The form starts afresh.
    expect((form.getByLabelText('VIN') as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText(/Mileage in km/) as HTMLInputElement).value).toBe('');

    // With nothing but a VIN, the rest is none.
    server.vehicles = server.vehicles.filter((vehicle) => vehicle._id !== CIVIC);
    await fill(user, form.getByLabelText('VIN'), CIVIC_VIN);
    await user.click(form.getByRole('button', { name: 'Add the vehicle' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(2));
    expect(sent('POST')[1]?.body).toEqual({
      vin: CIVIC_VIN,
      plate: null,
      name: null,
      mileageKm: null,
    });
  });

  it("shows the server's words for a VIN it refuses: a wrong check digit, one already in the fleet", async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await addForm();
    await fill(user, form.getByLabelText('VIN'), BAD_CHECK_VIN);
    await user.click(form.getByRole('button', { name: 'Add the vehicle' }));
    const refusal = await form.findByRole('alert');
    expect(refusal.textContent).toBe(
      "This VIN's check digit (its 9th character) does not match the rest: it should be 9. Check the VIN for a mistyped character",
    );
    expect(sent('POST')).toHaveLength(1);
    expect(server.toasts).toEqual([]);
    expect(await fleetList()).toHaveLength(2);

    await user.clear(form.getByLabelText('VIN'));
    expect(form.queryByRole('alert')).toBeNull();
    await fill(user, form.getByLabelText('VIN'), COROLLA_VIN);
    await user.click(form.getByRole('button', { name: 'Add the vehicle' }));
    expect((await form.findByRole('alert')).textContent).toBe(fleetMessages.taken);
    // What was typed stays, to be put right.
    expect((form.getByLabelText('VIN') as HTMLInputElement).value).toBe(COROLLA_VIN);
  });

  it('adds one vehicle for a double click', async () => {
    // The server's reply waits, so that the second click comes while the first is at work.
    let reply: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      reply = resolve;
    });
    const fakeServer = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string, init?: RequestInit) => {
        if (init?.method === 'POST') await answered;
        return fakeServer(input, init);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const form = await addForm();
    await fill(user, form.getByLabelText('VIN'), TRUCK_VIN);
    const submit = form.getByRole('button', { name: 'Add the vehicle' });
    await user.dblClick(submit);
    await waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'));
    await user.click(submit);
    reply?.();
    await waitFor(() => expect(server.toasts).toEqual(['2013 Ford F-150 is in the fleet.']));
    expect(sent('POST')).toHaveLength(1);
    expect(server.vehicles).toHaveLength(3);
  });

  it('changes a vehicle’s plate, name and mileage, checked first', async () => {
    const user = userEvent.setup();
    renderPage();
    const van = await vehicleCard('Van 7 (DHA-1234)');
    await user.click(within(van).getByRole('button', { name: 'Edit Van 7 (DHA-1234)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Van 7 (DHA-1234)' }));
    const plate = dialog.getByLabelText(/Plate/) as HTMLInputElement;
    const mileage = dialog.getByLabelText(/Mileage in km/) as HTMLInputElement;
    expect(plate.value).toBe('DHA-1234');
    expect((dialog.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Van 7');
    expect(mileage.value).toBe('120500');

    await user.clear(mileage);
    await fill(user, mileage, '12.5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(fleetMessages.mileage)).toBeTruthy();
    expect(sent('PUT')).toEqual([]);

    await user.clear(mileage);
    await fill(user, mileage, '121,000 km');
    await user.clear(plate);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT')).toEqual([
      {
        method: 'PUT',
        path: `/api/company/vehicles/${VAN}`,
        // An emptied plate is taken off: null, as the contract takes it.
        body: { plate: null, name: 'Van 7', mileageKm: 121000 },
      },
    ]);
    const saved = await vehicleCard('Van 7');
    expect(saved.textContent).toContain('121,000 km');
    expect(server.toasts).toContain('Van 7 was saved.');
  });

  it('removes a vehicle only after the member confirms, saying that its orders keep its name', async () => {
    const user = userEvent.setup();
    renderPage();
    const van = await vehicleCard('Van 7 (DHA-1234)');
    const remove = within(van).getByRole('button', { name: 'Remove Van 7 (DHA-1234)' });
    await user.click(remove);
    let dialog = within(await screen.findByRole('dialog', { name: 'Remove this vehicle?' }));
    expect(
      dialog.getByText(/^Van 7 \(DHA-1234\) leaves the company’s fleet\./).textContent,
    ).toContain('Its orders keep its name');
    const keep = dialog.getByRole('button', { name: 'Keep it' });
    expect(document.activeElement).toBe(keep);
    await user.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);

    await user.click(remove);
    dialog = within(await screen.findByRole('dialog', { name: 'Remove this vehicle?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove the vehicle' }));
    await waitFor(async () => expect(await fleetList()).toHaveLength(1));
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/company/vehicles/${VAN}`, body: undefined },
    ]);
    expect(server.toasts).toContain('Van 7 (DHA-1234) was removed from the fleet.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Fleet' }));
  });

  it('shows the parts ordered for a vehicle, 20 at a time, and says so when there are none', async () => {
    server.history = { [VAN]: partsOrdered(25) };
    const user = userEvent.setup();
    renderPage();
    const van = await vehicleCard('Van 7 (DHA-1234)');
    const history = within(van).getByRole('button', { name: 'History Van 7 (DHA-1234)' });
    expect(history.getAttribute('aria-expanded')).toBe('false');
    expect(sent('GET').some((call) => call.path.endsWith('/history'))).toBe(false);

    await user.click(history);
    expect(history.getAttribute('aria-expanded')).toBe('true');
    const table = await within(van).findByRole('table', {
      name: 'Parts ordered for Van 7 (DHA-1234)',
    });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(20);
    expect(
      within(rows()[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'DateMar 5, 2025',
      'Order10100',
      'Part numberP 1',
      'PartBrake pad set 1',
      'Quantity1',
    ]);
    expect(within(van).getByRole('status').textContent).toBe('Showing 20 of 25');

    await user.click(within(van).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(within(van).getByRole('status').textContent).toBe('Showing 25 of 25');
    expect(within(van).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      server.calls
        .filter((call) => call.path === `/api/company/vehicles/${VAN}/history`)
        .map((call) => call.query),
    ).toEqual(['?page=1&limit=20', '?page=2&limit=20']);

    // Closed, it is out of the way; the Civic has had nothing ordered for it.
    await user.click(history);
    expect(within(van).queryByRole('table')).toBeNull();
    const civic = await vehicleCard('2016 Honda Civic');
    await user.click(within(civic).getByRole('button', { name: 'History 2016 Honda Civic' }));
    expect(
      await within(civic).findByText('No part has been ordered for this vehicle yet.'),
    ).toBeTruthy();
  });
});
