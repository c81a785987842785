import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name';

describe('an export’s file name', () => {
  it('spells a Polish holder’s name in ASCII letters, as the PDF statement’s name does', () => {
    const name = exportFileName({
      company: 'Acme Holdings, Inc.',
      report: 'statement',
      holder: 'Łukasz Żółć',
      asOf: '2026-03-31',
      format: 'csv',
    });
    expect(name).toBe('acme-holdings-inc-statement-lukasz-zolc-2026-03-31.csv');
  });
});
