import { guideByPath } from '../guides';
import { FaqPage } from './faq-page';
import { GuidePage } from './guide-page';

/** The five guide routes in one chunk: moving between guides needs no further download but the text. */
export function GuidesRoute({ path }: { path: string }) {
  const guide = guideByPath(path);
  if (!guide) return null;
  return guide.id === 'faq' ? <FaqPage /> : <GuidePage key={guide.id} id={guide.id} />;
}
