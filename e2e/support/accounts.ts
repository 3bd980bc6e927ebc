// Account helpers for journeys: unique customers (the server rate-limits per account and per IP,
// so every test signs up its own address) and the sign-up / sign-in screens driven as a user would,
// sign-up finished from the e-mailed link in the shop's outbox.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkTo, type Mail, type MailOptions, waitForMail } from './outbox.ts';

export type Customer = { name: string; email: string; password: string };

/** A customer nobody has registered yet. */
export function newCustomer(label: string): Customer {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Ada ${label}`,
    email: `ada.${label}.${id}@example.com`,
    password: `secret${id.replace(/\D/g, '')}9x`,
  };
}

/** The navbar's "{name}'s Account" (SPEC 'Navigation bar'). */
export const accountName = (page: Page, customer: Customer) =>
  page.getByRole('navigation', { name: 'Main' }).getByText(`${customer.name}'s Account`);

/** What the Register screen says after Register, for a new and a registered address alike. */
export const CHECK_EMAIL = 'Check your e-mail to finish signing up.';

/** Fills and submits /register; the screen then says "check your e-mail" (nobody is signed in). */
export async function submitRegister(page: Page, customer: Customer): Promise<void> {
  if (!page.url().endsWith('/register')) await page.goto('/register');
  await page.getByLabel('Full Name', { exact: true }).fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECK_EMAIL })).toBeVisible();
}

/**
 * Opens the link of the newest verification e-mail to the customer, as they would from their
 * inbox, and waits until the navbar shows the account. `dataDir`: a shop of its own (admin.ts).
 */
export async function openVerificationLink(
  page: Page,
  customer: Customer,
  options: MailOptions = {},
): Promise<Mail> {
  const mail = await waitForMail(customer.email, { subject: /Confirm your e-mail/, ...options });
  await page.goto(linkTo(mail, '/verify-email'));
  await expect(accountName(page, customer)).toBeVisible();
  return mail;
}

/** Signs up on /register and finishes from the e-mailed link: signed in and verified. */
export async function register(
  page: Page,
  customer: Customer,
  options: MailOptions = {},
): Promise<void> {
  await submitRegister(page, customer);
  await openVerificationLink(page, customer, options);
}

/** Fills and submits the login form of the current page (which must be /login). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** SignOut from the navbar; the visitor lands on / with Login and Register offered again. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'SignOut', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
}
