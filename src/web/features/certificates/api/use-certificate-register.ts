import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  certificatePaths,
  type CertificateRecordResponse,
  type CertificateRegisterParams,
  type CertificateRegisterResponse,
} from '../../../../contract/certificates';
import type { DirectoryResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest, pathWith } from '../../../lib/api-client';

/** GET /api/v1/certificate-register: one page of the company's certificates, filtered. */
export const certificateRegisterQueryOptions = (params: CertificateRegisterParams) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.certificates, 'register', params],
    queryFn: ({ signal }) =>
      apiRequest<CertificateRegisterResponse>(certificatePaths.register, {
        query: { ...params },
        signal,
      }),
    // Keep the current page on screen while the next filter, sort or page loads.
    placeholderData: keepPreviousData,
  });

export const useCertificateRegister = (params: CertificateRegisterParams) =>
  useQuery(certificateRegisterQueryOptions(params));

/** The register's holder filter: the directory's first 200 holders by name. */
export const useRegisterHolders = () =>
  useQuery({
    queryKey: [...ledgerQueryKeys.holderOptions, 'certificate-register'],
    queryFn: ({ signal }) =>
      apiRequest<DirectoryResponse>(ledgerPaths.shareholders, {
        query: { sort: 'name', dir: 'asc', pageSize: 200 },
        signal,
      }),
  });

/** GET /api/v1/certificates/:id: the certificate with its history and lineage. */
export const useCertificateRecord = (id: string) =>
  useQuery({
    queryKey: [...ledgerQueryKeys.certificates, 'record', id],
    queryFn: ({ signal }) =>
      apiRequest<CertificateRecordResponse>(pathWith(ledgerPaths.certificate, { id }), { signal }),
    retry: false,
  });

/** Where the certificate's PDF is served. */
export const certificatePdfUrl = (id: string) => pathWith(certificatePaths.pdf, { id });
