// The served OpenAPI document (GET /api/docs/json) is read by people and by machines: the fuzzer
// and the API key check read it, a customer's system is generated from it. It passes Redocly's
// recommended rules (redocly.yaml at the root), names each call once, and says who may make it.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API_KEY_SCOPES } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL } from '../../test/test-app.ts';
import { createStripeProvider } from '../adapters/payments/stripe-provider.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
};
type Document = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
};
type Problem = {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer: string }>;
};

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js');
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The document's problems by Redocly's lint, as `severity ruleId pointer: message` lines. */
async function lint(file: string): Promise<{ exitCode: number; problems: string[] }> {
  const args = [
    redocly,
    'lint',
    file,
    `--config=${join(root, 'redocly.yaml')}`,
    '--format=json',
    '--max-problems=1000',
  ];
  const options = {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  };
  // The CLI exits 1 when there is an error; its report is on stdout either way.
  const { stdout, exitCode } = await promisify(execFile)(process.execPath, args, options).then(
    ({ stdout }) => ({ stdout, exitCode: 0 }),
    (error: { stdout?: string; code?: number }) => ({
      stdout: error.stdout ?? '',
      exitCode: error.code ?? 1,
    }),
  );
  const report = JSON.parse(stdout) as { problems: Problem[] };
  return {
    exitCode,
    problems: report.problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
    ),
  };
}

function operations(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, operation })),
  );
}

// Both payment setups: the sandbox's calls (tests, development) and Stripe's webhook (production).
const setups = {
  sandbox: {},
  stripe: {
    stripe: {
      provider: createStripeProvider({ secretKey: 'sk_test_never_called' }),
      publishableKey: 'pk_test_never_called',
      webhookSecret: 'whsec_never_called',
    },
  },
};

describe.each(Object.entries(setups))('the OpenAPI document, with %s payments', (_name, setup) => {
  let document: Document;
  let folder: string;
  let file: string;

  beforeAll(async () => {
    const t = await createTestApp(setup);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      document = res.json();
      folder = await mkdtemp(join(tmpdir(), 'axle-openapi-'));
      file = join(folder, 'openapi.json');
      await writeFile(file, res.body);
    } finally {
      await t.close();
    }
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("passes Redocly's lint without an error or a warning", async () => {
    const { exitCode, problems } = await lint(file);
    expect(problems).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('names every call once, and says what each does', () => {
    const calls = operations(document);
    expect(calls.length).toBeGreaterThan(50);
    const ids = calls.map(({ operation }) => operation.operationId);
    expect(
      calls.filter(({ operation }) => !operation.operationId?.match(/^[a-z][A-Za-z0-9]*$/)),
    ).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(calls.filter(({ operation }) => !operation.summary?.trim())).toEqual([]);
  });

  it("is served at the shop's own address", () => {
    expect(document.servers?.[0]?.url).toBe(TEST_PUBLIC_URL);
  });

  it('gives every call a success: a 2xx, or the 3xx of a browser navigation', () => {
    // Redocly's operation-2xx-response is off (redocly.yaml) for the Google sign-in redirects.
    const without = operations(document).filter(
      ({ operation }) =>
        !Object.keys(operation.responses ?? {}).some((status) => /^[23]/.test(status)),
    );
    expect(without.map(({ call }) => call)).toEqual([]);
  });

  it('takes an API key only with exactly one of its scopes', () => {
    const keyCalls = operations(document).filter(({ operation }) =>
      operation.security?.some((requirement) => 'apiKey' in requirement),
    );
    expect(keyCalls.length).toBeGreaterThan(20);
    for (const { call, operation } of keyCalls) {
      const scopes = operation.security?.flatMap((requirement) => requirement.apiKey ?? []);
      expect(scopes, call).toHaveLength(1);
      expect(API_KEY_SCOPES, call).toContain(scopes?.[0]);
    }
  });
});
