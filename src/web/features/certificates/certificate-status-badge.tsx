import { certificateStatusLabels, type CertificateStatus } from '../../../contract/certificates';

const TONES: Readonly<Record<CertificateStatus, string>> = {
  outstanding: 'text-bg-success',
  'partly-transferred': 'text-bg-info',
  'fully-transferred': 'text-bg-secondary',
  cancelled: 'text-bg-danger',
};

/** A certificate's status in words (the colour only repeats them). */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return (
    <span className={`badge fw-normal ${TONES[status]}`}>{certificateStatusLabels[status]}</span>
  );
}

export const classLabel = (classType: 'common' | 'preferred') =>
  classType === 'common' ? 'Common' : 'Preferred';
