import { describe, expect, it } from 'vitest';
import { PDF_CERTIFICATES, PDF_STATEMENTS, pdfRenderLimits } from './render-limits';

/** A render that ends when told to. */
function pending() {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return { end, work: (): Promise<void> => ended };
}

const refusal = (message: RegExp, retryAfter: number): unknown =>
  expect.objectContaining({
    code: 'STATEMENT.PDF_LIMITED',
    message: expect.stringMatching(message),
    retryAfter,
  });

describe('pdfRenderLimits', () => {
  it('lets a user have one render at a time, and the process two', async () => {
    const render = pdfRenderLimits({ atOnce: 2, perUserAtOnce: 1, perUserPerMinute: 10 });
    const ann = pending();
    const bob = pending();
    const first = render('ann', ann.work);
    await expect(render('ann', async () => 'x')).rejects.toEqual(
      refusal(
        /^Your previous PDF statement is still being made\. Please try again in 2 seconds\.$/,
        2,
      ),
    );
    const second = render('bob', bob.work);
    await expect(render('cy', async () => 'x')).rejects.toEqual(
      refusal(/^Too many PDF statements are being made right now\. .* 2 seconds\.$/, 2),
    );
    ann.end();
    await first;
    expect(await render('cy', async () => 'made')).toBe('made');
    bob.end();
    await second;
    // A render that fails frees its place too.
    await expect(render('ann', () => Promise.reject(new Error('broken')))).rejects.toThrow(
      'broken',
    );
    expect(await render('ann', async () => 'again')).toBe('again');
  });

  it('holds statements and certificates to the same limits, each refusal naming its kind', async () => {
    const render = pdfRenderLimits({ atOnce: 2, perUserAtOnce: 1, perUserPerMinute: 10 });
    const ann = pending();
    const bob = pending();
    const first = render('ann', ann.work, PDF_STATEMENTS);
    await expect(render('ann', async () => 'x', PDF_CERTIFICATES)).rejects.toEqual(
      refusal(/^Your previous PDF certificate is still being made\./, 2),
    );
    const second = render('bob', bob.work, PDF_CERTIFICATES);
    await expect(render('cy', async () => 'x', PDF_STATEMENTS)).rejects.toEqual(
      refusal(/^Too many PDF statements are being made right now\./, 2),
    );
    ann.end();
    bob.end();
    await Promise.all([first, second]);
  });

  it('counts a user’s renders of the last minute and says when the next one may start', async () => {
    let clock = 1_000_000;
    const render = pdfRenderLimits(
      { atOnce: 2, perUserAtOnce: 1, perUserPerMinute: 3 },
      () => clock,
    );
    for (const step of [0, 10_000, 20_000]) {
      clock = 1_000_000 + step;
      await render('ann', async () => undefined);
    }
    clock = 1_000_000 + 35_500;
    await expect(render('ann', async () => undefined)).rejects.toEqual(
      refusal(
        /^You have asked for 3 PDF statements in the last minute\. Please try again in 25 seconds\.$/,
        25,
      ),
    );
    expect(await render('bob', async () => 'other user')).toBe('other user');
    clock = 1_000_000 + 60_000;
    expect(await render('ann', async () => 'a minute later')).toBe('a minute later');
  });
});
