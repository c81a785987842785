import { describe, expect, it } from 'vitest';
import type { LedgerErrorCode, LedgerField } from './ledger-error';
import { planOperation, type OperationInput } from './plan-operation';
import {
  cancel,
  convert,
  newIssue,
  refusalOf,
  state,
  transfer,
} from './test-support/plan-operation-fixtures';

type Refusal = [string, OperationInput, LedgerErrorCode, LedgerField];

/** The inputs refused with `code` on `field`, each under its test name. */
function refusedWith(
  code: LedgerErrorCode,
  field: LedgerField,
  inputs: Record<string, OperationInput>,
): Refusal[] {
  return Object.entries(inputs).map(([name, input]) => [name, input, code, field]);
}

describe('planOperation refusals', () => {
  // In the order of the checks; "checked before" cases show that the first failure wins.
  it.each<Refusal>([
    ...refusedWith('LEDGER.UNKNOWN_OPERATION', 'type', {
      'unknown type': { ...newIssue, type: 'Gift' as never },
      'stored type instead of operation': { ...newIssue, type: 'Issued' as never },
    }),
    ...refusedWith('LEDGER.INVALID_AMOUNT', 'shares', {
      'shares empty': { ...newIssue, shares: '' },
      'shares text': { ...transfer, shares: 'ten' },
      'shares exponent': { ...newIssue, shares: '1e3' },
      'shares 14 integer digits': { ...newIssue, shares: '12345678901234' },
      'shares checked before date': { ...newIssue, shares: 'x', date: 'y' },
    }),
    ...refusedWith('LEDGER.TOO_MANY_DECIMALS', 'shares', {
      'shares 3 decimals': { ...newIssue, shares: '1.001' },
    }),
    ...refusedWith('LEDGER.SHARES_NOT_POSITIVE', 'shares', {
      'shares zero': { ...newIssue, shares: '0' },
      'shares 0.00': { ...cancel, shares: '0.00' },
      'shares negative': { ...transfer, shares: '-5' },
      'shares negative decimal': { ...newIssue, shares: ' -0.01' },
    }),
    ...refusedWith('LEDGER.INVALID_AMOUNT', 'cost', {
      'cost text': { ...newIssue, cost: 'free' },
      'cost empty string': { ...newIssue, cost: '' },
    }),
    ...refusedWith('LEDGER.TOO_MANY_DECIMALS', 'cost', {
      'cost 3 decimals': { ...transfer, cost: '1.005' },
    }),
    ...refusedWith('LEDGER.COST_NEGATIVE', 'cost', {
      'cost negative': { ...newIssue, cost: '-0.01' },
      'cost negative on convert': { ...convert, cost: '-1' },
      'cost checked before date': { ...newIssue, cost: '-1', date: '' },
    }),
    ...refusedWith('LEDGER.DATE_REQUIRED', 'date', {
      'date empty': { ...newIssue, date: '' },
      'date blank': { ...transfer, date: '   ' },
      'date missing': { ...newIssue, date: undefined as unknown as string },
    }),
    ...refusedWith('LEDGER.INVALID_DATE', 'date', {
      'date slashes': { ...newIssue, date: '2024/06/01' },
      'date not in calendar': { ...newIssue, date: '2023-02-29' },
      'date with time': { ...newIssue, date: '2024-06-01T10:00' },
      'date checked before holder': { ...transfer, date: '2024-02-30', holderId: 'nobody' },
      'calendar checked before the future': {
        ...newIssue,
        date: '2099-02-30',
        today: '2024-06-01',
      },
    }),
    ...refusedWith('LEDGER.DATE_IN_FUTURE', 'date', {
      'date the day after today': { ...newIssue, date: '2024-06-02', today: '2024-06-01' },
      'transfer dated next year': { ...transfer, date: '2025-01-01', today: '2024-12-31' },
      'convert dated next month': { ...convert, date: '2024-07-01', today: '2024-06-30' },
      'cancel dated after today': { ...cancel, date: '2024-06-11', today: '2024-06-10' },
      'future date checked before class': {
        ...newIssue,
        date: '2030-01-01',
        today: '2024-06-01',
        classType: 'ordinary' as never,
      },
    }),
    ...refusedWith('LEDGER.INVALID_CLASS', 'classType', {
      'unknown class': { ...newIssue, classType: 'ordinary' as never },
    }),
    ...refusedWith('LEDGER.REASON_REQUIRED', 'reason', {
      'cancel without reason': { ...cancel, reason: undefined },
      'cancel with blank reason': { ...cancel, reason: '  ' },
      'reason checked before holder': { ...cancel, reason: '', holderId: 'nobody' },
    }),
    ...refusedWith('LEDGER.HOLDER_NOT_FOUND', 'holderId', {
      'holder unknown': { ...newIssue, holderId: 'nobody' },
      'holder empty': { ...transfer, holderId: '' },
      'holder checked before recipient': { ...transfer, holderId: 'nobody', toHolderId: undefined },
    }),
    ...refusedWith('LEDGER.HOLDER_INACTIVE', 'holderId', {
      'holder inactive (issue)': { ...newIssue, holderId: 'carol' },
      'holder inactive (transfer)': {
        ...transfer,
        holderId: 'carol',
        originCertificateIds: ['c-c1'],
      },
    }),
    ...refusedWith('LEDGER.RECIPIENT_REQUIRED', 'toHolderId', {
      'recipient missing': { ...transfer, toHolderId: undefined },
      'recipient blank': { ...transfer, toHolderId: ' ' },
    }),
    ...refusedWith('LEDGER.RECIPIENT_IS_SENDER', 'toHolderId', {
      'recipient is sender': { ...transfer, toHolderId: 'alice' },
    }),
    ...refusedWith('LEDGER.HOLDER_NOT_FOUND', 'toHolderId', {
      'recipient unknown': { ...transfer, toHolderId: 'nobody' },
    }),
    ...refusedWith('LEDGER.RECIPIENT_INACTIVE', 'toHolderId', {
      'recipient inactive': { ...transfer, toHolderId: 'carol' },
      'recipient checked before origins': {
        ...transfer,
        toHolderId: 'carol',
        originCertificateIds: [],
      },
    }),
    ...refusedWith('LEDGER.ORIGIN_REQUIRED', 'origins', {
      'transfer without origins': { ...transfer, originCertificateIds: undefined },
      'convert with empty origins': { ...convert, originCertificateIds: [] },
      'cancel with null origins': { ...cancel, originCertificateIds: null },
    }),
    ...refusedWith('LEDGER.ORIGIN_DUPLICATE', 'origins', {
      'origin twice': { ...transfer, originCertificateIds: ['a-c1', 'a-c2', 'a-c1'] },
      'duplicates checked before existence': { ...transfer, originCertificateIds: ['zzz', 'zzz'] },
    }),
    ...refusedWith('LEDGER.ORIGIN_NOT_FOUND', 'origins', {
      'origin unknown': { ...transfer, originCertificateIds: ['a-c1', 'zzz'] },
    }),
    ...refusedWith('LEDGER.ORIGIN_NOT_OWNED', 'origins', {
      'origin of another holder': { ...cancel, originCertificateIds: ['b-c1'] },
      'origins checked in the order given': { ...transfer, originCertificateIds: ['b-c1', 'zzz'] },
    }),
    ...refusedWith('LEDGER.ORIGIN_WRONG_CLASS', 'origins', {
      'convert a preferred origin': { ...convert, originCertificateIds: ['a-c1', 'a-p1'] },
    }),
    ...refusedWith('LEDGER.DATE_BEFORE_ORIGIN', 'date', {
      'date before origin effective date': {
        ...transfer,
        date: '2024-02-29',
        originCertificateIds: ['a-c2'],
      },
      'date before an unneeded origin': {
        ...convert,
        date: '2024-02-01',
        originCertificateIds: ['a-c1', 'a-c2'],
      },
    }),
    ...refusedWith('LEDGER.INSUFFICIENT_SHARES', 'shares', {
      // A certificate emptied by a concurrent request reads as "not enough shares".
      'only origin has no shares left': { ...transfer, originCertificateIds: ['a-e1'] },
      'transfer more than the origin holds': { ...transfer, shares: '100.01' },
      'convert more than the origins hold': {
        ...convert,
        shares: '130.01',
        originCertificateIds: ['a-c1', 'a-c3'],
      },
      'cancel more than the origins hold': { ...cancel, shares: '1000' },
      'sufficiency before the empty-origin check': {
        ...transfer,
        shares: '5000',
        originCertificateIds: ['a-c1', 'a-e1'],
      },
    }),
    ...refusedWith('LEDGER.ORIGIN_EMPTY', 'origins', {
      'unneeded origin is empty': { ...cancel, originCertificateIds: ['a-c1', 'a-e1'] },
    }),
  ])('%s: %s', (_name, input, code, field) => {
    const error = refusalOf(input);
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
  });

  it('reports requested and available shares when there are not enough', () => {
    const error = refusalOf({
      ...transfer,
      shares: '150.01',
      originCertificateIds: ['a-c1', 'a-c2'],
    });
    expect(error.details).toEqual({ requested: '150.01', available: '150.00' });
  });

  it('names today in the details of a future date', () => {
    expect(refusalOf({ ...transfer, date: '2024-06-02', today: '2024-06-01' }).details).toEqual({
      today: '2024-06-01',
    });
  });

  it.each<[string, string | null | undefined]>([
    ['dated today', '2024-06-01'],
    ['dated before today', '2024-06-02'],
    ['recorded with no clock (today omitted)', undefined],
    ['recorded with no clock (today null)', null],
  ])('accepts an operation %s', (_name, today) => {
    for (const input of [newIssue, transfer, convert, cancel]) {
      expect(planOperation({ ...input, date: '2024-06-01', today }, state).date).toBe('2024-06-01');
    }
  });

  it('treats a malformed today as a programming error, not a refusal', () => {
    expect(() => planOperation({ ...newIssue, today: '06/01/2024' }, state)).toThrow(
      /today must be a YYYY-MM-DD date/,
    );
  });

  it.each<[OperationInput, string]>([
    [{ ...transfer, originCertificateIds: ['a-c1', 'zzz'] }, 'zzz'],
    [{ ...cancel, originCertificateIds: ['a-c1', 'b-c1'] }, 'b-c1'],
    [{ ...transfer, originCertificateIds: ['a-c2', 'a-c2'] }, 'a-c2'],
  ])('names the offending origin in details', (input, certificateId) => {
    expect(refusalOf(input).details).toMatchObject({ certificateId });
  });
});
