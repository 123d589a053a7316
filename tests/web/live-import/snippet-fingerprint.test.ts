// The snippet's device fingerprint, run as a page would run it (ES5 core, its own window): stable for
// one device across browser updates and a turned screen, different for another device, sent with the
// panel id and the source the survey passes, and harmless where a feature is missing.
import { describe, expect, it } from 'vitest';
import { snippetCore } from '../../../web/features/live-import/state/snippets';

type Device = {
  screen?: { width: number; height: number; colorDepth: number };
  navigator?: Record<string, unknown>;
  renderer?: string;
  devicePixelRatio?: number;
};

const LAPTOP: Device = {
  screen: { width: 1920, height: 1080, colorDepth: 24 },
  devicePixelRatio: 1,
  navigator: {
    languages: ['de-AT', 'de', 'en'],
    platform: 'Win32',
    hardwareConcurrency: 8,
    deviceMemory: 8,
    maxTouchPoints: 0,
    userAgent: 'Chrome/130',
  },
  renderer: 'ANGLE (Intel UHD 620)',
};

/** Runs the core in a tab of `device`; returns the body `send` posts. */
async function sentBody(device: Device, about?: Record<string, string>): Promise<Record<string, unknown>> {
  const code = snippetCore({
    endpoint: 'https://host/api/live/x',
    secretKey: 'k',
    pages: [{ label: 'Q1', criterion: 'TS' }],
  });
  const storage = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
  };
  const gl = {
    getExtension: () => ({ UNMASKED_VENDOR_WEBGL: 1, UNMASKED_RENDERER_WEBGL: 2 }),
    getParameter: (p: number) => (p === 1 ? 'Google Inc.' : device.renderer),
  };
  const win = {
    crypto: globalThis.crypto,
    screen: device.screen,
    navigator: device.navigator,
    devicePixelRatio: device.devicePixelRatio,
  };
  const doc = { addEventListener() {}, createElement: () => ({ getContext: () => (device.renderer ? gl : null) }) };
  let body = '';
  const fetch = async (_url: string, init: { body: string }) => {
    body = init.body;
    return { ok: true, status: 200, headers: new Headers(), json: async () => ({}) };
  };
  const make = new Function('sessionStorage', 'localStorage', 'window', 'document', 'fetch', `${code}\nreturn SQP;`);
  const sqp = make(storage(), storage(), win, doc, fetch) as {
    send: (id: string, about?: unknown) => Promise<unknown>;
  };
  await sqp.send('r-1', about);
  return JSON.parse(body);
}

describe('the snippet fingerprint', () => {
  it('is a 64-bit hash that stays for one device across a browser update and a turned screen', async () => {
    const first = (await sentBody(LAPTOP)).fingerprint as string;
    expect(first).toMatch(/^sqp1-[0-9a-f]{16}$/);
    expect((await sentBody(LAPTOP)).fingerprint).toBe(first);
    const updated = { ...LAPTOP, navigator: { ...LAPTOP.navigator, userAgent: 'Chrome/131' } };
    expect((await sentBody(updated)).fingerprint).toBe(first);
    const turned = { ...LAPTOP, screen: { width: 1080, height: 1920, colorDepth: 24 } };
    expect((await sentBody(turned)).fingerprint).toBe(first);
  });

  it('differs for another device: another screen, graphics card, language or core count', async () => {
    const base = (await sentBody(LAPTOP)).fingerprint;
    const others: Device[] = [
      { ...LAPTOP, screen: { width: 2560, height: 1440, colorDepth: 24 } },
      { ...LAPTOP, renderer: 'ANGLE (NVIDIA GeForce RTX 3060)' },
      { ...LAPTOP, navigator: { ...LAPTOP.navigator, languages: ['en-GB', 'en'] } },
      { ...LAPTOP, navigator: { ...LAPTOP.navigator, hardwareConcurrency: 4 } },
    ];
    const prints = await Promise.all(others.map(async (d) => (await sentBody(d)).fingerprint));
    expect(new Set([base, ...prints]).size).toBe(5);
  });

  it('sends the panel id and the source the survey passes, and still sends where the browser hides features', async () => {
    const body = await sentBody(LAPTOP, { panelId: 'PSID-77', source: 'Supplier A' });
    expect(body).toMatchObject({ recordId: 'r-1', panelId: 'PSID-77', source: 'Supplier A' });
    const bare = await sentBody({});
    expect(bare.fingerprint).toMatch(/^sqp1-[0-9a-f]{16}$/);
    expect(bare.panelId).toBeUndefined();
  });
});
