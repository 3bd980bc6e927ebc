// Mail and jobs (issue 31): the e-mails and invoices that did not go through, each saying what it
// is for, whether the queue tries it again (and when) or it waits for an admin, how often it was
// tried and why it failed; filtered by state with each state's count. Send again puts a job back
// in the queue once and the list is read again; the server's refusal is shown as it words it; and
// with nothing stuck the page says so, with the way back to the dashboard.
import type { StuckJob, StuckJobList } from '@axle/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { adminText } from '../strings.ts';
import MailAndJobsPage from './MailAndJobsPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

const retrying: StuckJob = {
  _id: 41,
  kind: 'mail',
  about: 'E-mail to ada.lovelace@fleet-services.example.com: Your order 10042 has shipped',
  state: 'retrying',
  attempts: 3,
  lastError: '421 4.7.0 Try again later, closing connection.',
  nextTryAt: '2025-03-01T10:30:00.000Z',
  createdAt: '2025-03-01T10:00:00.000Z',
};
const dead: StuckJob = {
  _id: 7,
  kind: 'invoice-mail',
  about: 'Invoice INV-000012 to buyer@fleet.test',
  state: 'dead',
  attempts: 8,
  lastError: '550 5.1.1 <buyer@fleet.test>: Recipient address rejected',
  nextTryAt: null,
  createdAt: '2025-02-27T08:00:00.000Z',
};

type Call = { method: string; path: string; query: string };
let calls: Call[];
let stuck: StuckJob[];
/** The reply to a retry, when the test wants a refusal. */
let refusal: Response | null;

function listOf(state: string | null): StuckJobList {
  return {
    jobs: stuck.filter((job) => state === null || job.state === state),
    counts: {
      retrying: stuck.filter((job) => job.state === 'retrying').length,
      dead: stuck.filter((job) => job.state === 'dead').length,
    },
  };
}

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  stuck = [retrying, dead];
  refusal = null;
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    calls.push({ method, path, query: url.search });
    if (method === 'GET' && path === '/api/admin/jobs')
      return jsonReply(200, listOf(url.searchParams.get('state')));
    const retry = /^\/api\/admin\/jobs\/(\d+)\/retry$/.exec(path);
    if (method === 'POST' && retry) {
      if (refusal) return refusal;
      const job = stuck.find((entry) => entry._id === Number(retry[1]));
      if (!job) return jsonReply(404, { error: { code: 'not_found', message: 'No such job.' } });
      stuck = stuck.filter((entry) => entry !== job);
      return jsonReply(200, { ...job, state: 'retrying', nextTryAt: new Date().toISOString() });
    }
    return jsonReply(404, { error: { code: 'not_found', message: `no ${method} ${path}` } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(path = '/dashboard/jobs') {
  renderAt(path, {
    '/dashboard/jobs': <MailAndJobsPage />,
    '/dashboard': <h2>Dashboard home</h2>,
  });
}

/** The desktop table (the phone's cards are in the page too: CSS alone tells them apart). */
const table = () => screen.findByRole('table', { name: 'Stuck jobs, newest first' });
const rowOf = async (about: string) => {
  const row = within(await table())
    .getAllByRole('row')
    .find((entry) => entry.textContent?.includes(about));
  if (!row) throw new Error(`no row of ${about}`);
  return row;
};
const listCalls = () => calls.filter((call) => call.path === '/api/admin/jobs');
const posts = () => calls.filter((call) => call.method === 'POST').map((call) => call.path);
const tab = (name: string) => screen.getByRole('button', { name });

describe('Mail and jobs', () => {
  it('shows a retrying and a failed job in words, and filters them by state', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Mail and jobs' })).toBeTruthy();
    expect(screen.getByText(adminText.jobs.intro)).toBeTruthy();

    const first = await rowOf(retrying.about);
    const at = adminText.jobs.formatDate('2025-03-01T10:30:00.000Z');
    expect(first.textContent).toContain(`Will try again at ${at}`);
    expect(first.textContent).toContain('Tried 3 times');
    expect(within(first).getByText(retrying.lastError ?? '').tagName).toBe('PRE');
    expect(first.textContent).toContain(adminText.jobs.formatDate(retrying.createdAt));
    const second = await rowOf(dead.about);
    expect(second.textContent).toContain('Failed — waiting for you');
    expect(second.textContent).toContain('Tried 8 times');
    expect(second.textContent).not.toContain('Will try again');
    // Newest first, as the server sends them; the cards say the same.
    const cards = screen.getByRole('list', { name: 'Stuck jobs' });
    expect(
      within(cards)
        .getAllByRole('article')
        .map((card) => card.textContent),
    ).toEqual([
      expect.stringContaining('Will try again at'),
      expect.stringContaining('Failed — waiting for you'),
    ]);
    expect(listCalls()[0]?.query).toBe('?limit=100');

    await waitFor(() => expect(tab('Retrying 1')).toBeTruthy());
    expect(tab('All stuck').getAttribute('aria-pressed')).toBe('true');
    await user.click(tab('Failed 1'));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).queryByText(/ada\.lovelace/)).toBeNull(),
    );
    expect(listCalls().at(-1)?.query).toBe('?state=dead&limit=100');
    expect(tab('Failed 1').getAttribute('aria-pressed')).toBe('true');
    expect((await rowOf(dead.about)).textContent).toContain('Failed — waiting for you');

    await user.click(tab('Retrying 1'));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText(/buyer@/)).toBeNull());
    expect(listCalls().at(-1)?.query).toBe('?state=retrying&limit=100');
  });

  it('sends a job again once, however quickly it is clicked, and reads the list again', async () => {
    renderPage();
    const row = await rowOf(dead.about);
    const button = within(row).getByRole('button', { name: `Send again ${dead.about}` });
    const before = listCalls().length;
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(toasts).toEqual(['Sent to the queue again.']));
    expect(posts()).toEqual(['/api/admin/jobs/7/retry']);
    await waitFor(() => expect(screen.queryByText(/Failed — waiting for you/)).toBeNull());
    expect(listCalls().length).toBeGreaterThan(before);
    await waitFor(() => expect(tab('Failed 0')).toBeTruthy());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Mail and jobs' }));
  });

  it("shows the server's refusal in its own words", async () => {
    const user = userEvent.setup();
    refusal = jsonReply(409, {
      error: { code: 'conflict', message: 'This job is neither retrying nor failed.' },
    });
    renderPage();
    const row = await rowOf(retrying.about);
    await user.click(within(row).getByRole('button', { name: `Send again ${retrying.about}` }));
    await waitFor(() => expect(toasts).toEqual(['This job is neither retrying nor failed.']));
  });

  it('says when nothing is stuck, with the way back to the dashboard', async () => {
    const user = userEvent.setup();
    stuck = [];
    renderPage();
    expect(
      await screen.findByText('Nothing is stuck: every e-mail and invoice went out.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(tab('Retrying 0')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeTruthy();
  });

  it("offers every stuck job when a state's tab holds none", async () => {
    const user = userEvent.setup();
    stuck = [dead];
    renderPage('/dashboard/jobs?state=retrying');
    expect(await screen.findByText('No job is waiting for another try.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all stuck jobs' }));
    expect((await rowOf(dead.about)).textContent).toContain('Failed — waiting for you');
    expect(tab('All stuck').getAttribute('aria-pressed')).toBe('true');
  });
});
