import { useEffect, useState } from 'react';
import { CompressIcon, ExpandIcon } from '../../components/icons/icons';
import { useT } from '../../lib/i18n';

export function FullscreenToggle() {
  const t = useT();
  const [isFullscreen, setIsFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setIsFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const label = isFullscreen ? t('shell.fullscreenExit') : t('shell.fullscreenEnter');
  return (
    // A plain button on shell.css (Chakra's ghost icon button, as it styled it).
    <button
      type="button"
      className="top-bar-button"
      data-icon-only
      aria-label={label}
      title={label}
      data-testid="fullscreen-toggle"
      onClick={() => {
        const request = isFullscreen ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
        // Browsers may refuse (e.g. in an iframe); nothing to tell the user then.
        void request?.catch(() => undefined);
      }}
    >
      {isFullscreen ? <CompressIcon /> : <ExpandIcon />}
    </button>
  );
}
