/**
 * Addresses outside the app. The product names these destinations without giving addresses; these
 * are the product's public pages and are changed here only.
 */
export const externalLinks = {
  tutorialVideo: 'https://www.youtube.com/watch?v=qualitycheck-tutorial',
  onePager: 'https://www.qualitycheck.example/downloads/qualitycheck-one-pager.pdf',
  terms: 'https://www.qualitycheck.example/terms',
  privacy: 'https://www.qualitycheck.example/privacy',
  feedbackSurvey: 'https://survey.qualitycheck.example/feedback',
  bugReportMail: 'mailto:support@qualitycheck.example?subject=Bug%20report',
} as const;

/** Opens an external page in a new tab without giving it access to this window. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
