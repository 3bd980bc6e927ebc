// Issue 30 #6, the sweep: every route of the router (read from apps/web/src/app/router.tsx, so a new
// route without a sweep target fails here), signed out, as a customer and as an admin, on a 360 px
// phone and a desktop, in the light and the dark theme. Each page a role can see is scanned by axe
// with every WCAG A and AA tag (no serious or critical violation) and, on the phone, must not
// scroll sideways; a page a role cannot see must send it where the guards say (to /login).
//
// One browser context per role and width walks all of its routes in one test, scanning each page
// in one theme and then, switched as the system's preference (the page follows it without a
// reload), in the other; it collects every fault before failing, so that one run lists them all,
// each as "[role · width · theme] /path: rule [impact]: element — why".
//
// What each role scans: a visitor every public page; a customer every public page (with its
// navbar) and every page of their own (dashboard, purchase, payment, checkout, …); an admin the
// admin pages, the dashboard and the home page (the rest of the shop looks to an admin as it does
// to a customer, whose walk scans it). On a shop of its own with one admin (support/admin.ts),
// where the customer has a company, orders, an address, a vehicle, a key and a webhook, so that
// the lists show rows, not their empty state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Order, Part } from '@axle/contract';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { type Customer, submitLogin } from './support/accounts.ts';
import { apiCustomer, apiOrder, apiPay, bearer, test as shopTest } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';

type Role = 'visitor' | 'customer' | 'admin';
/** Who may open a route: anyone, a signed-in user (RequireAuth), an admin (RequireAdmin). */
type Access = 'public' | 'auth' | 'admin';

/** What the sweep made: the real values of the routes' parameters. */
type SweepData = {
  customer: Customer & { token: string };
  part: Part;
  /** The customer's unpaid order (its payment page). */
  order: Order;
  companyId: string;
};

type Target = {
  /** The route's `path:` exactly as router.tsx spells it. */
  route: string;
  access: Access;
  /** The address to open, with real values for the route's parameters. */
  url: (data: SweepData) => string;
  /** Where the page goes by itself for everyone (a page that only hands on): checked, not scanned. */
  handsOn?: { visitor: RegExp; signedIn: RegExp };
  /** Who scans it besides the roles its access implies (see `scans`). */
  admin?: boolean;
  /** Outside the layout (the 404): no <main>. */
  bare?: boolean;
};

const targets: Target[] = [
  { route: '/', access: 'public', url: () => '/', admin: true },
  { route: 'parts', access: 'public', url: () => '/parts' },
  {
    route: 'parts/:partNumber',
    access: 'public',
    url: ({ part }) => `/parts/${encodeURIComponent(part.partNumber)}`,
  },
  { route: 'categories/:slug', access: 'public', url: () => '/categories/brakes' },
  { route: 'brands/:brand', access: 'public', url: () => '/brands/Bosch' },
  { route: 'cart', access: 'public', url: () => '/cart' },
  { route: 'Blogs', access: 'public', url: () => '/Blogs' },
  { route: 'myportfolio', access: 'public', url: () => '/myportfolio' },
  { route: 'login', access: 'public', url: () => '/login' },
  { route: 'register', access: 'public', url: () => '/register' },
  // The pages e-mailed links open, without a token: what a broken link shows.
  { route: 'reset-password', access: 'public', url: () => '/reset-password' },
  { route: 'verify-email', access: 'public', url: () => '/verify-email' },
  { route: 'newsletter/confirm', access: 'public', url: () => '/newsletter/confirm' },
  {
    route: 'auth/complete',
    access: 'public',
    url: () => '/auth/complete',
    handsOn: { visitor: /\/login\?googleError=failed$/, signedIn: /\/$/ },
  },
  { route: 'purchase/:id', access: 'auth', url: ({ part }) => `/purchase/${part._id}` },
  { route: 'payment/:id', access: 'auth', url: ({ order }) => `/payment/${order._id}` },
  { route: 'checkout', access: 'auth', url: () => '/checkout' },
  { route: 'quick-order', access: 'auth', url: () => '/quick-order' },
  { route: 'company/join', access: 'auth', url: () => '/company/join' },
  { route: 'dashboard', access: 'auth', url: () => '/dashboard', admin: true },
  { route: 'myorder2', access: 'auth', url: () => '/dashboard/myorder2' },
  { route: 'addresses', access: 'auth', url: () => '/dashboard/addresses' },
  { route: 'garage', access: 'auth', url: () => '/dashboard/garage' },
  { route: 'company', access: 'auth', url: () => '/dashboard/company' },
  { route: 'addreview', access: 'auth', url: () => '/dashboard/addreview' },
  { route: 'api-keys', access: 'auth', url: () => '/dashboard/api-keys' },
  { route: 'webhooks', access: 'auth', url: () => '/dashboard/webhooks' },
  { route: 'alluser', access: 'admin', url: () => '/dashboard/alluser' },
  { route: 'manageallorders', access: 'admin', url: () => '/dashboard/manageallorders' },
  { route: 'auditlog', access: 'admin', url: () => '/dashboard/auditlog' },
  { route: 'jobs', access: 'admin', url: () => '/dashboard/jobs' },
  { route: 'companies', access: 'admin', url: () => '/dashboard/companies' },
  {
    route: 'companies/:id',
    access: 'admin',
    url: ({ companyId }) => `/dashboard/companies/${companyId}`,
  },
  { route: 'overdue', access: 'admin', url: () => '/dashboard/overdue' },
  { route: 'catalogue', access: 'admin', url: () => '/dashboard/catalogue' },
  { route: 'addproduct', access: 'admin', url: () => '/dashboard/addproduct' },
  { route: 'warehouses', access: 'admin', url: () => '/dashboard/warehouses' },
  { route: 'low-stock', access: 'admin', url: () => '/dashboard/low-stock' },
  { route: 'sales', access: 'admin', url: () => '/dashboard/sales' },
  { route: '*', access: 'public', url: () => '/no-such-page', bare: true },
];

/** What a role does on a target: scan it, check where it is sent, or nothing. */
function duty(target: Target, role: Role): 'scan' | 'denied' | 'skip' {
  const allowed =
    target.access === 'public' ||
    (target.access === 'auth' && role !== 'visitor') ||
    (target.access === 'admin' && role === 'admin');
  if (!allowed) return 'denied';
  if (role === 'admin') return target.access === 'admin' || target.admin ? 'scan' : 'skip';
  if (role === 'customer') return 'scan';
  return 'scan';
}

/** Every `path: '…'` of the router, read as text. */
function routerPaths(): string[] {
  const source = readFileSync(
    join(import.meta.dirname, '..', 'apps/web/src/app/router.tsx'),
    'utf8',
  );
  return [...source.matchAll(/\bpath:\s*'([^']*)'/g)].map((match) => match[1] ?? '');
}

const test = shopTest.extend<object, { sweepData: SweepData }>({
  sweepData: [
    async ({ shop, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: shop.baseURL });
      try {
        await use(await makeSweepData(request, shop.dataDir));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

/** A customer with a company, two orders (one paid), a cart, an address, a vehicle, a key and a webhook. */
async function makeSweepData(request: APIRequestContext, dataDir: string): Promise<SweepData> {
  const customer = await apiCustomer(request, 'sweep', { dataDir });
  const headers = bearer(customer.token);
  const company = await ok(
    await request.post('/api/company', {
      headers,
      data: {
        legalName: 'Sweep Fleet Services International Ltd',
        taxId: 'BD 1357924680',
        billingAddress: { line1: '1 Long Road', city: 'Dhaka', postalCode: '1207', country: 'BD' },
      },
    }),
    'the company',
  );
  const { _id: companyId } = (await company.json()) as { _id: string };
  const [part] = await apiParts(request, 'P 83 140');
  const [filter] = await apiParts(request, 'W 68/3');
  if (!part || !filter) throw new Error('the demo parts are missing');
  const paid = await apiOrder(request, customer.token, filter);
  await apiPay(request, customer.token, paid._id);
  const order = await apiOrder(request, customer.token, part);
  await ok(
    await request.put(`/api/cart/lines/${part._id}`, {
      headers,
      data: { quantity: part.minimumQuantity },
    }),
    'the cart',
  );
  await ok(
    await request.post('/api/addresses', {
      headers,
      data: { line1: '7 Quay Street', city: 'Khulna', postalCode: '9100', country: 'Bangladesh' },
    }),
    'the address',
  );
  const pick = async (path: string, params: Record<string, string>) => {
    const response = await ok(await request.get(`/api/vehicles/${path}`, { params }), path);
    const [first] = (await response.json()) as { id?: string; name: string }[];
    if (!first) throw new Error(`no vehicle ${path}`);
    return first;
  };
  const year = (await pick('years', {})).name;
  const make = (await pick('makes', { year })).name;
  const model = (await pick('models', { year, make })).name;
  const engine = await pick('engines', { year, make, model });
  await ok(
    await request.post('/api/garage', {
      headers,
      data: { vehicleId: engine.id, year: Number(year) },
    }),
    'the vehicle',
  );
  await ok(
    await request.post('/api/keys', {
      headers,
      data: { name: 'Purchasing system of the north-east depot', scopes: ['orders:read'] },
    }),
    'the key',
  );
  await ok(
    await request.post('/api/webhooks', {
      headers,
      data: { url: 'https://93.184.215.14/axle/orders', events: ['order.placed'] },
    }),
    'the webhook',
  );
  return { customer, part, order, companyId };
}

test('every route of the router has a sweep target, and every target a route', () => {
  const routes = routerPaths();
  expect(routes.length, 'router.tsx read no path').toBeGreaterThan(20);
  const swept = targets.map((target) => target.route);
  expect(
    routes.filter((route) => !swept.includes(route)),
    'routes of router.tsx without a sweep target: add one to e2e/sweep.spec.ts',
  ).toEqual([]);
  expect(
    swept.filter((route) => !routes.includes(route)),
    'sweep targets whose route is no longer in router.tsx',
  ).toEqual([]);
});

const THEMES = ['light', 'dark'] as const;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Lets every lazy section come into view once, then waits until nothing is loading. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frames();
    }
    window.scrollTo(0, 0);
    await frames();
  });
  await page.waitForLoadState('networkidle');
  // A section that loads once in view may have mounted after the scroll went past it (its code
  // arrived late): its spinner waits, as it would for a person, until it is scrolled to.
  const spinners = page.locator('.loading:visible');
  await expect
    .poll(
      async () => {
        const left = await spinners.count();
        // A spinner that leaves the page meanwhile has stopped: counted again on the next poll.
        if (left > 0)
          await spinners
            .first()
            .scrollIntoViewIfNeeded({ timeout: 2_000 })
            .catch(() => {});
        return left;
      },
      { message: 'a spinner that never stopped', timeout: 20_000 },
    )
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Shows the page in `theme` as the system's preference: the page follows it at once (the navbar's
 * theme switch listens); a page outside the layout (the 404) is loaded again in it.
 */
async function showTheme(page: Page, theme: 'light' | 'dark', bare: boolean | undefined) {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) === theme) return;
  await page.emulateMedia({ colorScheme: theme });
  if (bare) {
    await page.reload();
    await settle(page);
  }
  await expect(html).toHaveAttribute('data-theme', theme);
  // Colours ease into the new theme (daisyUI's buttons transition theirs): axe measures a colour
  // half-way otherwise (the light theme's text on the dark background, now and then). Transitions
  // only: a spinner's animation never ends.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
}

/** The page of `path` as a signed-in browser tab: signed in through the login form. */
async function signIn(page: Page, who: Customer) {
  await page.goto('/login');
  await submitLogin(page, who.email, who.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
}

async function walk(
  browser: Browser,
  baseURL: string,
  who: { role: Role; account: Customer | null },
  width: 'phone' | 'desktop',
  data: SweepData,
): Promise<string[]> {
  const phone = width === 'phone';
  const context = await browser.newContext({
    baseURL,
    viewport: phone ? PHONE : DESKTOP,
    isMobile: phone,
    hasTouch: phone,
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const where = `${who.role} · ${phone ? '360 px' : '1280 px'}`;
  const faults: string[] = [];
  try {
    if (who.account) await signIn(page, who.account);
    for (const target of targets) {
      const task = duty(target, who.role);
      if (task === 'skip') continue;
      const url = target.url(data);
      const fault = (what: string, theme?: string) =>
        faults.push(`[${where}${theme ? ` · ${theme}` : ''}] ${url} (${target.route}): ${what}`);
      await page.goto(url);
      if (task === 'denied') {
        await expect(page, `${url} must send a ${who.role} to /login`).toHaveURL(/\/login$/);
        continue;
      }
      if (target.handsOn) {
        await expect(page).toHaveURL(
          who.role === 'visitor' ? target.handsOn.visitor : target.handsOn.signedIn,
        );
        continue;
      }
      if (!target.bare) {
        await expect(
          page.locator('main').getByRole('heading').first(),
          `${url} shows no heading`,
        ).toBeVisible();
      }
      await settle(page);
      expect(new URL(page.url()).pathname, `${url} went elsewhere`).toBe(
        new URL(url, baseURL).pathname,
      );
      if (await page.getByText('Something went wrong').isVisible()) fault('the page failed');
      if (phone) {
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth) {
          const wide = await widest(page, clientWidth);
          fault(`scrolls sideways: ${scrollWidth} px wide on ${clientWidth} px (${wide})`);
        }
      }
      // The theme the last page ended in first, so that each page switches once.
      const shown = (await page.locator('html').getAttribute('data-theme')) ?? 'light';
      for (const theme of shown === 'dark' ? THEMES.toReversed() : THEMES) {
        await showTheme(page, theme, target.bare);
        for (const violation of await seriousViolations(page)) fault(violation, theme);
        // The phone menus open: the navbar's (on the home page) and the dashboard's drawer.
        if (phone && target.route === '/') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          for (const violation of await seriousViolations(page))
            fault(`menu open: ${violation}`, theme);
          await page.keyboard.press('Escape');
        }
        if (phone && target.route === 'dashboard') {
          await page.getByRole('button', { name: 'Open dashboard menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
          for (const violation of await seriousViolations(page))
            fault(`drawer open: ${violation}`, theme);
          await page.keyboard.press('Escape');
        }
      }
    }
  } finally {
    await context.close();
  }
  return faults;
}

/** The elements that reach past the right edge, innermost first: where a sideways scroll comes from. */
function widest(page: Page, clientWidth: number): Promise<string> {
  return page.evaluate((edge) => {
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].slice(0, 3).map((entry) => `.${entry}`);
      return `${element.tagName.toLowerCase()}${id}${classes.join('')}`;
    };
    const over = [...document.querySelectorAll('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > edge + 1;
    });
    const innermost = over.filter(
      (element) => !over.some((other) => element.contains(other) && other !== element),
    );
    return innermost
      .slice(0, 4)
      .map((element) => {
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `${name(element)} reaches ${Math.round(element.getBoundingClientRect().right)} px${text ? ` "${text}"` : ''}`;
      })
      .join('; ');
  }, clientWidth);
}

for (const role of ['visitor', 'customer', 'admin'] as const) {
  for (const width of ['phone', 'desktop'] as const) {
    test(`${role} on a ${width}: every route passes axe in both themes and fits`, async ({
      browser,
      shop,
      sweepData,
    }) => {
      test.setTimeout(600_000);
      const account =
        role === 'admin' ? shop.admin : role === 'customer' ? sweepData.customer : null;
      const faults = await walk(browser, shop.baseURL, { role, account }, width, sweepData);
      expect(faults, `${faults.length} fault(s):\n${faults.join('\n')}\n`).toEqual([]);
    });
  }
}
