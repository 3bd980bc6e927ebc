import type { Review } from '@axle/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import { apiParts, partCards } from './support/catalogue.ts';
import {
  expectFirstScreenLeadsToParts,
  homePicker,
  homeSearch,
  openWholeHome,
  seriousViolationsAllTags,
} from './support/home.ts';
import { linkTo, waitForMail } from './support/outbox.ts';

const banner = (page: Page) => page.getByRole('region', { name: 'Featured parts' });
const showcase = (page: Page) => page.getByRole('region', { name: 'Parts built to last' });
const productsSection = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'All of our products' }) });
const reviewsSection = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'What others Say' }) });
const reviewsCarousel = (page: Page) =>
  reviewsSection(page).getByRole('region', { name: /client reviews/i });

/** True when `first` comes before `second` in the document. */
async function comesBefore(first: Locator, second: Locator): Promise<boolean> {
  const other = await second.elementHandle();
  return first.evaluate(
    (element, next) =>
      Boolean(next && element.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING),
    other,
  );
}

/** The label of the banner slide that is shown ('1 of 4', …); hidden slides are not exposed. */
const shownBannerSlide = (page: Page) => banner(page).getByRole('group');

/** The name of the reviewer whose slide fills the carousel's viewport. */
async function shownReviewer(page: Page): Promise<string | null> {
  return reviewsCarousel(page).evaluate((carousel) => {
    const box = carousel.getBoundingClientRect();
    const centre = box.left + box.width / 2;
    for (const slide of carousel.querySelectorAll<HTMLElement>('[role="group"]')) {
      const rect = slide.getBoundingClientRect();
      if (rect.left <= centre && rect.right >= centre) {
        return slide.querySelector('figcaption')?.textContent?.trim() ?? null;
      }
    }
    return null;
  });
}

/** The vehicle the demo VIN names, as /parts says it filters by it. */
const COROLLA = '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE';
const filteringBy = (page: Page, vehicle: string) =>
  page.getByText(`Showing parts that fit your ${vehicle}`);

/** Chooses the demo Corolla in the home page's picker: year → make → model → engine. */
async function chooseCorolla(page: Page) {
  const picker = homePicker(page);
  await picker.getByLabel('Year').selectOption('2015');
  await picker.getByLabel('Make').selectOption('Toyota');
  await picker.getByLabel('Model').selectOption('Corolla');
  await picker.getByLabel('Engine').selectOption({ label: '1.8L 4-cyl 2ZR-FE' });
}

test.describe('the first screen', () => {
  test('holds the search box and the vehicle picker, and the first part card within 1.5 screens', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find the right part' }),
    ).toBeVisible();
    await expectFirstScreenLeadsToParts(page);
    // One search box on the page: the navbar leaves it to the first screen.
    await expect(page.getByRole('search')).toHaveCount(1);
  });

  test('a VIN typed in the search box opens the parts that fit its vehicle', async ({ page }) => {
    // The shop's first VIN unpacks the decoder's database (75 MB).
    test.slow();
    await page.goto('/');
    await homeSearch(page).fill('2t1burhe9fc123456');
    await homeSearch(page).press('Enter');
    await expect(filteringBy(page, COROLLA)).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/parts$/);
    await expect(partCards(page).first()).toContainText(`Fits your ${COROLLA}`);
  });

  test('a VIN with a mistyped character says so, and opens nothing', async ({ page }) => {
    // The shop's first VIN unpacks the decoder's database (75 MB).
    test.slow();
    await page.goto('/');
    await homeSearch(page).fill('2T1BURHE5FC123456');
    await homeSearch(page).press('Enter');
    await expect(homePicker(page).getByRole('alert')).toContainText(
      'check digit (its 9th character) does not match the rest: it should be 9',
      { timeout: 60_000 },
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('a part number or words typed in the search box show the matching parts', async ({
    page,
  }) => {
    await page.goto('/');
    await homeSearch(page).fill('brake disc');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/parts\?search=brake\+disc$/);
    await expect(page.getByRole('article', { name: 'Vented Brake Disc 280 mm' })).toBeVisible();
  });

  test('a vehicle chosen in the picker opens its parts', async ({ page }) => {
    await page.goto('/');
    await chooseCorolla(page);
    await homePicker(page).getByRole('button', { name: 'Show parts' }).click();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(filteringBy(page, COROLLA)).toBeVisible();
    await expect(partCards(page).first()).toContainText(`Fits your ${COROLLA}`);
  });

  test('a signed-in customer shops again for a vehicle of their garage', async ({ page }) => {
    await register(page, newCustomer('homegarage'));
    await page.goto('/');
    await chooseCorolla(page);
    await homePicker(page).getByRole('button', { name: 'Show parts' }).click();
    await expect(filteringBy(page, COROLLA)).toBeVisible();
    // The shop stops filtering; the garage keeps the vehicle.
    await page.getByRole('button', { name: 'Show all parts' }).click();
    await expect(filteringBy(page, COROLLA)).toHaveCount(0);

    await page.goto('/');
    const garage = page.getByLabel('My garage');
    await expect(garage.locator('option:checked')).toHaveText(COROLLA);
    await page.getByRole('button', { name: 'Shop for this vehicle' }).click();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(filteringBy(page, COROLLA)).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test.describe(`in the ${theme} theme`, () => {
      test.use({ colorScheme: theme, reducedMotion: 'reduce' });
      test('axe finds no serious or critical fault under every WCAG A and AA rule', async ({
        page,
      }) => {
        await openWholeHome(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect(await seriousViolationsAllTags(page)).toEqual([]);
      });
    });
  }
});

test('the home page shows its sections in the order of the product decisions', async ({ page }) => {
  await page.goto('/');
  const sections = [
    page.getByRole('heading', { level: 1, name: 'Find the right part' }),
    homeSearch(page),
    homePicker(page),
    banner(page),
    showcase(page),
    page.getByRole('heading', { name: 'All of our products' }),
    page.getByRole('heading', { name: 'Business Trust us' }),
    page.getByRole('heading', { name: 'Win The Cost Of Your Tyres Back' }),
    page.getByRole('heading', { name: 'What others Say' }),
    page.getByRole('contentinfo').getByPlaceholder('Your E-mail Address *'),
  ];
  // The footer's newsletter form comes as the footer scrolls into view.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  for (const section of sections) await expect(section).toBeVisible();
  for (let index = 1; index < sections.length; index += 1) {
    const [before, after] = [sections[index - 1], sections[index]] as [Locator, Locator];
    expect(await comesBefore(before, after), `section ${index} before section ${index + 1}`).toBe(
      true,
    );
  }
});

test('three part images zoom when hovered', async ({ page }) => {
  await page.goto('/');
  const images = showcase(page).getByRole('link').locator('img');
  await expect(images).toHaveCount(3);
  const image = images.first();
  await image.scrollIntoViewIfNeeded();
  const width = () => image.evaluate((element) => element.getBoundingClientRect().width);
  const before = await width();
  await image.hover();
  await expect.poll(width).toBeGreaterThan(before * 1.05);
});

test("'All of our products' shows the first 6 parts, each ordering at /purchase/{_id}", async ({
  page,
  request,
}) => {
  const firstSix = (await apiParts(request)).slice(0, 6);
  expect(firstSix).toHaveLength(6);
  // The home page asks for those 6 parts only, not the catalogue (PRODUCT §5).
  const asked = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/items');
  await page.goto('/');
  const query = new URL((await asked).url()).searchParams;
  expect([...query.entries()]).toEqual([['limit', '6']]);
  const cards = partCards(productsSection(page));
  await expect(cards).toHaveCount(6);
  for (const [index, part] of firstSix.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading')).toHaveText(part.name);
    await expect(card).toContainText(part.description);
    await expect(card.getByRole('link', { name: 'place order' })).toHaveAttribute(
      'href',
      `/purchase/${part._id}`,
    );
  }
  await expect(productsSection(page).getByRole('link', { name: 'See all parts' })).toHaveAttribute(
    'href',
    '/parts',
  );
  const widths = await cards.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().width),
  );
  for (const width of widths) expect(width).toBeLessThanOrEqual(400);
});

test('a card says the image host is down when its picture does not load', async ({
  page,
  request,
}) => {
  const [first] = await apiParts(request);
  if (!first?.img) throw new Error('the first demo part should have a picture');
  await page.route(`**${first.img}`, (route) => route.abort());
  await page.goto('/');
  const card = productsSection(page).getByRole('article', { name: first.name });
  await expect(card.getByText(/image server is down/i)).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(0);
});

test("'See all parts' and 'Discover Now' lead to the parts list", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See all parts' }).click();
  await expect(page).toHaveURL(/\/parts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('link', { name: 'Discover Now' }).click();
  await expect(page).toHaveURL(/\/parts$/);
});

test("the statistics band 'Business Trust us' shows the spec's figures", async ({ page }) => {
  await page.goto('/');
  const band = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Business Trust us' }) });
  for (const [title, value] of [
    ['Happy Clients', '175+'],
    ['Annual Revenue', '31K'],
    ['Parts', '150+'],
    ['Complete Projects', '90+'],
  ] as const) {
    await expect(band.getByText(title, { exact: true })).toBeVisible();
    await expect(band.getByText(value, { exact: true })).toBeVisible();
  }
});

test('the banner carousel has 4 slides and its arrows wrap around both ways', async ({ page }) => {
  await page.goto('/');
  const shown = shownBannerSlide(page);
  const previous = banner(page).getByRole('button', { name: 'Previous slide' });
  const next = banner(page).getByRole('button', { name: 'Next slide' });

  await expect(shown).toHaveAccessibleName('1 of 4');
  await previous.click();
  await expect(shown).toHaveAccessibleName('4 of 4');
  await next.click();
  await expect(shown).toHaveAccessibleName('1 of 4');
  for (const expected of ['2 of 4', '3 of 4', '4 of 4', '1 of 4']) {
    await next.click();
    await expect(shown).toHaveAccessibleName(expected);
  }
  await expect(shown.getByRole('img')).toBeVisible();
});

test.describe('client reviews', () => {
  let reviews: Review[];
  test.beforeEach(async ({ request }) => {
    // The carousel shows the newest 10.
    const response = await request.get('/api/reviews?limit=10');
    reviews = (await response.json()) as Review[];
    expect(reviews.length).toBeGreaterThan(2);
  });

  test("'What others Say' loads when scrolled to, one review per slide", async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const section = reviewsSection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: 'Client Reviews' })).toBeVisible();
    await expect(section.getByRole('group')).toHaveCount(reviews.length);
    await expect.poll(() => shownReviewer(page)).toBe(reviews[0]?.name);
    const first = section.getByRole('group').first();
    await expect(first).toContainText(`Rating: ${reviews[0]?.rating}`);
    // The rating is drawn as stars, named for a screen reader.
    await expect(
      first.getByRole('img', { name: `Rated ${reviews[0]?.rating} out of 5` }),
    ).toBeVisible();
    await expect(first).toContainText(reviews[0]?.comment ?? '');

    const withoutPicture = reviews.findIndex((review) => review.img === null);
    if (withoutPicture >= 0) {
      // A reviewer without a picture gets the built-in default avatar.
      const avatar = section
        .getByRole('group')
        .nth(withoutPicture)
        .getByRole('img', { name: reviews[withoutPicture]?.name });
      const src = await avatar.getAttribute('src');
      expect(src).toBeTruthy();
      const picture = await request.get(src ?? '');
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toMatch(/^image\//);
    }
  });

  test("the carousel asks for the newest 10 reviews, and says every review's average and count", async ({
    page,
    request,
  }) => {
    const summary = (await (await request.get('/api/reviews/summary')).json()) as {
      average: number;
      count: number;
    };
    const asked = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/reviews');
    await page.goto('/');
    const section = reviewsSection(page);
    await section.scrollIntoViewIfNeeded();
    const query = new URL((await asked).url()).searchParams;
    expect([...query.entries()]).toEqual([['limit', '10']]);
    const oneDecimal = new Intl.NumberFormat('en', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    const reviewWord = summary.count === 1 ? 'review' : 'reviews';
    await expect(section).toContainText(
      `${oneDecimal.format(summary.average)} out of 5 · ${summary.count.toLocaleString('en')} ${reviewWord}`,
    );
  });

  test('the arrow keys move between reviews', async ({ page }) => {
    await page.goto('/');
    await reviewsSection(page).scrollIntoViewIfNeeded();
    const carousel = reviewsCarousel(page);
    await carousel.focus();
    await expect.poll(() => shownReviewer(page)).toBe(reviews[0]?.name);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownReviewer(page)).toBe(reviews[1]?.name);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownReviewer(page)).toBe(reviews[2]?.name);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownReviewer(page)).toBe(reviews[1]?.name);
  });

  test('the pagination bullets are clickable', async ({ page }) => {
    await page.goto('/');
    await reviewsSection(page).scrollIntoViewIfNeeded();
    const bullets = reviewsSection(page).getByRole('button', { name: /go to slide/i });
    await expect(bullets).toHaveCount(reviews.length);
    await bullets.nth(2).click();
    await expect.poll(() => shownReviewer(page)).toBe(reviews[2]?.name);
    await bullets.first().click();
    await expect.poll(() => shownReviewer(page)).toBe(reviews[0]?.name);
  });
});

test.describe('footer', () => {
  test('shows the copyright with the current year', async ({ page }) => {
    await page.goto('/');
    const year = new Date().getFullYear();
    await expect(page.getByRole('contentinfo').getByText(`© ${year}`)).toBeVisible();
  });

  test('the newsletter sign-up thanks the visitor', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // The form comes as the footer scrolls into view.
    await footer.scrollIntoViewIfNeeded();
    const email = footer.getByLabel('Enter your email address');
    await expect(email).toHaveAttribute('placeholder', 'Your E-mail Address *');
    await email.fill(`fleet-${Date.now()}@garage.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
  });

  test('the newsletter sends a link that confirms the subscription once', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    const address = `confirm-${Date.now()}@garage.com`;
    await footer.getByLabel('Enter your email address').fill(address);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Open the link we e-mailed you to confirm.')).toBeVisible();
    const link = linkTo(
      await waitForMail(address, { subject: /newsletter/ }),
      '/newsletter/confirm',
    );
    await page.goto(link);
    await expect(page.getByText('Your newsletter subscription is confirmed.')).toBeVisible();
    await page.goto(link);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'This confirmation link is invalid or has expired.' }),
    ).toBeVisible();
  });

  test('the newsletter refuses an address that is not one', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByLabel('Enter your email address').fill('not-an-address');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(footer.getByText('Thank you for subscribing!')).toHaveCount(0);
    await expect(footer.getByLabel('Enter your email address')).toHaveValue('not-an-address');
  });
});
