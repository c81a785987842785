// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewKeyNotice } from './new-key-notice';

afterEach(cleanup);

/** The browser's clipboard, which copies, or refuses as a browser without permission does. */
function clipboard(refuse = false) {
  const copied: string[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: {
      writeText: (text: string) => {
        if (refuse) return Promise.reject(new DOMException('Not allowed', 'NotAllowedError'));
        copied.push(text);
        return Promise.resolve();
      },
    },
  });
  return copied;
}

const notice = (apiKey: string) => (
  <NewKeyNotice name={apiKey.slice(-1)} apiKey={apiKey} onDone={() => undefined} />
);
const copyButton = () => screen.getByRole('button', { name: /^Cop(y|ied) the new key$/ });
const says = () => copyButton().textContent?.replace(' the new key', '');

describe('the new key notice', () => {
  it('says Copied only for the key that was copied, not for the next new key', async () => {
    const copied = clipboard();
    const { rerender } = render(notice('srk_first_A'));
    expect(says()).toBe('Copy');
    await act(async () => fireEvent.click(copyButton()));
    expect(copied).toEqual(['srk_first_A']);
    expect(says()).toBe('Copied');

    // A second key created while the notice is on screen takes its place.
    rerender(notice('srk_second_B'));
    expect(screen.getByLabelText<HTMLInputElement>('The new key').value).toBe('srk_second_B');
    expect(says()).toBe('Copy');
  });

  it('says so when the browser refuses to copy, and never Copied', async () => {
    clipboard(true);
    render(notice('srk_refused_C'));
    await act(async () => fireEvent.click(copyButton()));
    expect(says()).toBe('Copy');
    expect(screen.getByRole('alert').textContent).toBe(
      'The browser did not allow copying: select the new key and copy it yourself (Ctrl+C, or ⌘+C on a Mac).',
    );
  });
});
