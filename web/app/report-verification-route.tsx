import { PublicFrame } from '../features/roi-calculator/components/public-frame';
import { ReportVerificationPage } from '../features/certificates/pages/report-verification-page';

/** /report-verification in the public frame (no app shell), as /credit-roi-calculator is shown. */
export function ReportVerificationRoute() {
  return (
    <PublicFrame>
      <ReportVerificationPage />
    </PublicFrame>
  );
}
