/** The guides in reading order: the overview first, then what a user needs from upload to report. */
export const GUIDE_IDS = ['overview', 'upload', 'analysis', 'projective', 'faq'] as const;
export type GuideId = (typeof GUIDE_IDS)[number];

export type GuideInfo = {
  id: GuideId;
  /** The guide's route in the app. */
  path: string;
  /** Title key, shared with the route table. */
  titleKey: string;
  /** One sentence on the overview cards. */
  descriptionKey: string;
};

export const GUIDES: Record<GuideId, GuideInfo> = {
  overview: {
    id: 'overview',
    path: '/guides',
    titleKey: 'routes.guides',
    descriptionKey: 'guides.descriptions.overview',
  },
  upload: {
    id: 'upload',
    path: '/upload-guide',
    titleKey: 'routes.uploadGuide',
    descriptionKey: 'guides.descriptions.upload',
  },
  analysis: {
    id: 'analysis',
    path: '/analysis-guide',
    titleKey: 'routes.analysisGuide',
    descriptionKey: 'guides.descriptions.analysis',
  },
  projective: {
    id: 'projective',
    path: '/projective-question-guide',
    titleKey: 'routes.projectiveQuestionGuide',
    descriptionKey: 'guides.descriptions.projective',
  },
  faq: { id: 'faq', path: '/faq-guide', titleKey: 'routes.faqGuide', descriptionKey: 'guides.descriptions.faq' },
};

export function guideByPath(path: string): GuideInfo | undefined {
  return GUIDE_IDS.map((id) => GUIDES[id]).find((guide) => guide.path === path);
}
