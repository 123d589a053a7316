import { externalLinks } from '../../lib/external-links';
import { useT } from '../../lib/i18n';
import './shell.css';

export const APP_VERSION: string = __APP_VERSION__;

/** Plain elements on the frame's stylesheet (shell.css), with the look of Chakra's Flex, Text and Link. */
export function AppFooter() {
  const t = useT();
  return (
    <footer className="app-footer" data-testid="app-footer">
      <p>{t('shell.footerCopyright', { year: new Date().getFullYear() })}</p>
      <div className="app-footer-links">
        <a className="app-footer-link" href={externalLinks.terms} target="_blank" rel="noopener noreferrer">
          {t('shell.terms')}
        </a>
        <a className="app-footer-link" href={externalLinks.privacy} target="_blank" rel="noopener noreferrer">
          {t('shell.privacy')}
        </a>
        <p data-testid="app-version">{t('shell.version', { version: APP_VERSION })}</p>
      </div>
    </footer>
  );
}
