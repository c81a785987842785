import { describe, expect, it } from 'vitest';
import type { LedgerErrorCode, LedgerField } from './ledger-error';
import { planOperation, type OperationInput } from './plan-operation';
import { cancel, convert, newIssue, refusalOf, state, transfer } from './plan-operation.fixtures';

type Refusal = [string, OperationInput, LedgerErrorCode, LedgerField];

describe('planOperation refusals', () => {
  it.each<Refusal>([
    // type
    ['unknown type', { ...newIssue, type: 'Gift' as never }, 'LEDGER.UNKNOWN_OPERATION', 'type'],
    [
      'stored type instead of operation',
      { ...newIssue, type: 'Issued' as never },
      'LEDGER.UNKNOWN_OPERATION',
      'type',
    ],
    // shares
    ['shares empty', { ...newIssue, shares: '' }, 'LEDGER.INVALID_AMOUNT', 'shares'],
    ['shares text', { ...transfer, shares: 'ten' }, 'LEDGER.INVALID_AMOUNT', 'shares'],
    ['shares exponent', { ...newIssue, shares: '1e3' }, 'LEDGER.INVALID_AMOUNT', 'shares'],
    [
      'shares 14 integer digits',
      { ...newIssue, shares: '12345678901234' },
      'LEDGER.INVALID_AMOUNT',
      'shares',
    ],
    ['shares 3 decimals', { ...newIssue, shares: '1.001' }, 'LEDGER.TOO_MANY_DECIMALS', 'shares'],
    ['shares zero', { ...newIssue, shares: '0' }, 'LEDGER.SHARES_NOT_POSITIVE', 'shares'],
    ['shares 0.00', { ...cancel, shares: '0.00' }, 'LEDGER.SHARES_NOT_POSITIVE', 'shares'],
    ['shares negative', { ...transfer, shares: '-5' }, 'LEDGER.SHARES_NOT_POSITIVE', 'shares'],
    [
      'shares negative decimal',
      { ...newIssue, shares: ' -0.01' },
      'LEDGER.SHARES_NOT_POSITIVE',
      'shares',
    ],
    // cost
    ['cost text', { ...newIssue, cost: 'free' }, 'LEDGER.INVALID_AMOUNT', 'cost'],
    ['cost empty string', { ...newIssue, cost: '' }, 'LEDGER.INVALID_AMOUNT', 'cost'],
    ['cost 3 decimals', { ...transfer, cost: '1.005' }, 'LEDGER.TOO_MANY_DECIMALS', 'cost'],
    ['cost negative', { ...newIssue, cost: '-0.01' }, 'LEDGER.COST_NEGATIVE', 'cost'],
    ['cost negative on convert', { ...convert, cost: '-1' }, 'LEDGER.COST_NEGATIVE', 'cost'],
    // date
    ['date empty', { ...newIssue, date: '' }, 'LEDGER.DATE_REQUIRED', 'date'],
    ['date blank', { ...transfer, date: '   ' }, 'LEDGER.DATE_REQUIRED', 'date'],
    [
      'date missing',
      { ...newIssue, date: undefined as unknown as string },
      'LEDGER.DATE_REQUIRED',
      'date',
    ],
    ['date slashes', { ...newIssue, date: '2024/06/01' }, 'LEDGER.INVALID_DATE', 'date'],
    ['date not in calendar', { ...newIssue, date: '2023-02-29' }, 'LEDGER.INVALID_DATE', 'date'],
    ['date with time', { ...newIssue, date: '2024-06-01T10:00' }, 'LEDGER.INVALID_DATE', 'date'],
    [
      'date the day after today',
      { ...newIssue, date: '2024-06-02', today: '2024-06-01' },
      'LEDGER.DATE_IN_FUTURE',
      'date',
    ],
    [
      'transfer dated next year',
      { ...transfer, date: '2025-01-01', today: '2024-12-31' },
      'LEDGER.DATE_IN_FUTURE',
      'date',
    ],
    [
      'convert dated next month',
      { ...convert, date: '2024-07-01', today: '2024-06-30' },
      'LEDGER.DATE_IN_FUTURE',
      'date',
    ],
    [
      'cancel dated after today',
      { ...cancel, date: '2024-06-11', today: '2024-06-10' },
      'LEDGER.DATE_IN_FUTURE',
      'date',
    ],
    // class
    [
      'unknown class',
      { ...newIssue, classType: 'ordinary' as never },
      'LEDGER.INVALID_CLASS',
      'classType',
    ],
    // reason
    ['cancel without reason', { ...cancel, reason: undefined }, 'LEDGER.REASON_REQUIRED', 'reason'],
    ['cancel with blank reason', { ...cancel, reason: '  ' }, 'LEDGER.REASON_REQUIRED', 'reason'],
    // holder
    ['holder unknown', { ...newIssue, holderId: 'nobody' }, 'LEDGER.HOLDER_NOT_FOUND', 'holderId'],
    ['holder empty', { ...transfer, holderId: '' }, 'LEDGER.HOLDER_NOT_FOUND', 'holderId'],
    [
      'holder inactive (issue)',
      { ...newIssue, holderId: 'carol' },
      'LEDGER.HOLDER_INACTIVE',
      'holderId',
    ],
    [
      'holder inactive (transfer)',
      { ...transfer, holderId: 'carol', originCertificateIds: ['c-c1'] },
      'LEDGER.HOLDER_INACTIVE',
      'holderId',
    ],
    // recipient
    [
      'recipient missing',
      { ...transfer, toHolderId: undefined },
      'LEDGER.RECIPIENT_REQUIRED',
      'toHolderId',
    ],
    [
      'recipient blank',
      { ...transfer, toHolderId: ' ' },
      'LEDGER.RECIPIENT_REQUIRED',
      'toHolderId',
    ],
    [
      'recipient is sender',
      { ...transfer, toHolderId: 'alice' },
      'LEDGER.RECIPIENT_IS_SENDER',
      'toHolderId',
    ],
    [
      'recipient unknown',
      { ...transfer, toHolderId: 'nobody' },
      'LEDGER.HOLDER_NOT_FOUND',
      'toHolderId',
    ],
    [
      'recipient inactive',
      { ...transfer, toHolderId: 'carol' },
      'LEDGER.RECIPIENT_INACTIVE',
      'toHolderId',
    ],
    // origins
    [
      'transfer without origins',
      { ...transfer, originCertificateIds: undefined },
      'LEDGER.ORIGIN_REQUIRED',
      'origins',
    ],
    [
      'convert with empty origins',
      { ...convert, originCertificateIds: [] },
      'LEDGER.ORIGIN_REQUIRED',
      'origins',
    ],
    [
      'cancel with null origins',
      { ...cancel, originCertificateIds: null },
      'LEDGER.ORIGIN_REQUIRED',
      'origins',
    ],
    [
      'origin twice',
      { ...transfer, originCertificateIds: ['a-c1', 'a-c2', 'a-c1'] },
      'LEDGER.ORIGIN_DUPLICATE',
      'origins',
    ],
    [
      'origin unknown',
      { ...transfer, originCertificateIds: ['a-c1', 'zzz'] },
      'LEDGER.ORIGIN_NOT_FOUND',
      'origins',
    ],
    [
      'origin of another holder',
      { ...cancel, originCertificateIds: ['b-c1'] },
      'LEDGER.ORIGIN_NOT_OWNED',
      'origins',
    ],
    [
      'convert a preferred origin',
      { ...convert, originCertificateIds: ['a-c1', 'a-p1'] },
      'LEDGER.ORIGIN_WRONG_CLASS',
      'origins',
    ],
    [
      // A certificate emptied by a concurrent request reads as "not enough shares".
      'only origin has no shares left',
      { ...transfer, originCertificateIds: ['a-e1'] },
      'LEDGER.INSUFFICIENT_SHARES',
      'shares',
    ],
    [
      'unneeded origin is empty',
      { ...cancel, originCertificateIds: ['a-c1', 'a-e1'] },
      'LEDGER.ORIGIN_EMPTY',
      'origins',
    ],
    [
      'date before origin effective date',
      { ...transfer, date: '2024-02-29', originCertificateIds: ['a-c2'] },
      'LEDGER.DATE_BEFORE_ORIGIN',
      'date',
    ],
    [
      'date before an unneeded origin',
      { ...convert, date: '2024-02-01', originCertificateIds: ['a-c1', 'a-c2'] },
      'LEDGER.DATE_BEFORE_ORIGIN',
      'date',
    ],
    // sufficiency
    [
      'transfer more than the origin holds',
      { ...transfer, shares: '100.01' },
      'LEDGER.INSUFFICIENT_SHARES',
      'shares',
    ],
    [
      'convert more than the origins hold',
      { ...convert, shares: '130.01', originCertificateIds: ['a-c1', 'a-c3'] },
      'LEDGER.INSUFFICIENT_SHARES',
      'shares',
    ],
    [
      'cancel more than the origins hold',
      { ...cancel, shares: '1000' },
      'LEDGER.INSUFFICIENT_SHARES',
      'shares',
    ],
    // first failure wins
    [
      'shares checked before date',
      { ...newIssue, shares: 'x', date: 'y' },
      'LEDGER.INVALID_AMOUNT',
      'shares',
    ],
    [
      'cost checked before date',
      { ...newIssue, cost: '-1', date: '' },
      'LEDGER.COST_NEGATIVE',
      'cost',
    ],
    [
      'date checked before holder',
      { ...transfer, date: '2024-02-30', holderId: 'nobody' },
      'LEDGER.INVALID_DATE',
      'date',
    ],
    [
      'future date checked before class',
      { ...newIssue, date: '2030-01-01', today: '2024-06-01', classType: 'ordinary' as never },
      'LEDGER.DATE_IN_FUTURE',
      'date',
    ],
    [
      'calendar checked before the future',
      { ...newIssue, date: '2099-02-30', today: '2024-06-01' },
      'LEDGER.INVALID_DATE',
      'date',
    ],
    [
      'reason checked before holder',
      { ...cancel, reason: '', holderId: 'nobody' },
      'LEDGER.REASON_REQUIRED',
      'reason',
    ],
    [
      'holder checked before recipient',
      { ...transfer, holderId: 'nobody', toHolderId: undefined },
      'LEDGER.HOLDER_NOT_FOUND',
      'holderId',
    ],
    [
      'recipient checked before origins',
      { ...transfer, toHolderId: 'carol', originCertificateIds: [] },
      'LEDGER.RECIPIENT_INACTIVE',
      'toHolderId',
    ],
    [
      'duplicates checked before existence',
      { ...transfer, originCertificateIds: ['zzz', 'zzz'] },
      'LEDGER.ORIGIN_DUPLICATE',
      'origins',
    ],
    [
      'origins checked in the order given',
      { ...transfer, originCertificateIds: ['b-c1', 'zzz'] },
      'LEDGER.ORIGIN_NOT_OWNED',
      'origins',
    ],
    [
      'sufficiency before the empty-origin check',
      { ...transfer, shares: '5000', originCertificateIds: ['a-c1', 'a-e1'] },
      'LEDGER.INSUFFICIENT_SHARES',
      'shares',
    ],
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
