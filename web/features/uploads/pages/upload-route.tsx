import { UploadStep1Page } from './upload-step1-page';
import { UploadStep2Page } from './upload-step2-page';
import { UploadStep3Page } from './upload-step3-page';

/** The three upload steps as one lazily loaded route (they share their code and their queries). */
export function UploadRoute({
  path,
  companyId,
  canManageCredits,
}: {
  path: string;
  companyId: string | null;
  canManageCredits: boolean;
}) {
  if (path === '/upload-dataset/step2') return <UploadStep2Page />;
  if (path === '/upload-dataset/step3') return <UploadStep3Page canManageCredits={canManageCredits} />;
  return <UploadStep1Page companyId={companyId} />;
}
