// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../contract/constants/auth';
import { POPUP, signInWithGooglePopup } from './google-popup';

type FakePopup = { closed: boolean; close: () => void };
let popup: FakePopup;
let opened: { url: string; features: string } | null;

beforeEach(() => {
  vi.useFakeTimers();
  popup = { closed: false, close: () => (popup.closed = true) };
  opened = null;
  vi.spyOn(window, 'open').mockImplementation((url, _target, features) => {
    opened = { url: String(url), features: String(features) };
    return popup as unknown as Window;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const post = (data: unknown, origin: string, source: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
const outcome = (o: string) => ({ type: 'registry-auth-popup', outcome: o });

const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const MOBILE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const DESKTOP_SIZE = 'width=500,height=650';
const MOBILE_SIZE = 'width=400,height=600';

/** The popup's size by viewport and user agent (null: the test browser's own agent). */
const sizes = [
  { name: 'on a desktop', width: 1280, height: 800, agent: null, size: DESKTOP_SIZE },
  {
    name: 'on a viewport up to 768×1024',
    width: 768,
    height: 1024,
    agent: null,
    size: MOBILE_SIZE,
  },
  {
    name: 'for a mobile user agent, even on a large viewport',
    width: 1280,
    height: 800,
    agent: MOBILE_AGENT,
    size: MOBILE_SIZE,
  },
  {
    name: 'on a viewport wider than 768 with a desktop user agent',
    width: 769,
    height: 1024,
    agent: DESKTOP_AGENT,
    size: DESKTOP_SIZE,
  },
];

describe('the Google popup (spec sections 5, 8, 9)', () => {
  it.each(sizes)(
    'opens /auth/oauth/google?popup=true at $size $name',
    async ({ width, height, agent, size }) => {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
      Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
      if (agent) vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
      const done = signInWithGooglePopup();
      const mobile = size === MOBILE_SIZE;
      expect(opened!.url).toMatch(
        new RegExp(`^/auth/oauth/google\\?popup=true&mobile=${mobile}&origin=`),
      );
      expect(opened!.features).toContain(size);
      post(outcome('success'), window.location.origin, popup);
      await expect(done).resolves.toBeUndefined();
    },
  );

  it('ignores messages from other origins and other windows', async () => {
    const done = signInWithGooglePopup();
    let settled = false;
    void done.then(() => (settled = true)).catch(() => (settled = true));
    post(outcome('success'), 'https://evil.example', popup);
    post(outcome('success'), window.location.origin, {});
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    post(outcome('error'), window.location.origin, popup);
    await expect(done).rejects.toThrow(authMessages.popupFailed);
  });

  it('says "Authentication cancelled by user" when the popup is closed (checked every second)', async () => {
    const done = signInWithGooglePopup();
    const check = expect(done).rejects.toThrow('Authentication cancelled by user');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP.closedCheckMs);
    await check;
  });

  it('times out after 60 s with the spec message', async () => {
    const done = signInWithGooglePopup();
    let settled = false;
    void done.catch(() => (settled = true));
    const check = expect(done).rejects.toThrow('Authentication timeout. Please try again.');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await check;
    expect(popup.closed).toBe(true);
  });

  it('says the popup was blocked when it could not open', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    await expect(signInWithGooglePopup()).rejects.toThrow(
      'Popup window blocked. Please allow popups for this site and try again.',
    );
  });

  it('accepts the outcome from a configured CRM origin and refuses other origins', async () => {
    vi.stubEnv('VITE_CRM_ORIGINS', 'https://crm.example.com, https://crm2.example.com');
    const done = signInWithGooglePopup();
    let settled = false;
    void done.then(() => (settled = true)).catch(() => (settled = true));
    post(outcome('success'), 'https://crm.example.com.evil.test', popup);
    post(outcome('success'), 'https://evil.example', popup);
    post(outcome('success'), 'http://crm.example.com', popup);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    post(outcome('cancel'), 'https://crm2.example.com', popup);
    await expect(done).rejects.toThrow('Authentication cancelled by user');
  });

  it('resolves on success posted by a configured CRM origin', async () => {
    vi.stubEnv('VITE_CRM_ORIGINS', 'https://crm.example.com');
    const done = signInWithGooglePopup();
    post(outcome('success'), 'https://crm.example.com', popup);
    await expect(done).resolves.toBeUndefined();
  });
});
