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

describe('the Google popup (spec sections 5, 8, 9)', () => {
  it('opens /auth/oauth/google?popup=true at 500×650 on a desktop', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    const done = signInWithGooglePopup();
    expect(opened!.url).toMatch(/^\/auth\/oauth\/google\?popup=true&mobile=false&origin=/);
    expect(opened!.features).toContain('width=500,height=650');
    post(outcome('success'), window.location.origin, popup);
    await expect(done).resolves.toBeUndefined();
  });

  it('is 400×600 on a viewport up to 768×1024', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 768, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 1024, configurable: true });
    const done = signInWithGooglePopup();
    expect(opened!.features).toContain('width=400,height=600');
    post(outcome('success'), window.location.origin, popup);
    await done;
  });

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

  it('is 400×600 for a mobile user agent, even on a large viewport', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    );
    const done = signInWithGooglePopup();
    expect(opened!.features).toContain('width=400,height=600');
    expect(opened!.url).toContain('mobile=true');
    post(outcome('success'), window.location.origin, popup);
    await done;
  });

  it('is 500×650 on a viewport wider than 768 with a desktop user agent', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 769, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 1024, configurable: true });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    );
    const done = signInWithGooglePopup();
    expect(opened!.features).toContain('width=500,height=650');
    post(outcome('success'), window.location.origin, popup);
    await done;
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
