import { Box } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { CleaningFlowFigure } from './cleaning-flow';
import { DataPathFigure } from './data-path';
import type { FigureName } from './figure-data';
import { ProjectiveLayoutFigure, ProjectiveSharesFigure } from './projective';
import { ScoreBandsFigure } from './score-bands';
import { CombinedWeightsTable, DefaultRulesTable } from './score-tables';
import { SpreadsheetLayoutFigure } from './spreadsheet-layout';
import { TimeScoreCurveFigure } from './time-score-curve';

/** Every figure a guide can embed with `![caption](figure:name)`. */
export const FIGURES: Record<FigureName, ComponentType<{ label: string }>> = {
  'data-path': DataPathFigure,
  'spreadsheet-layout': SpreadsheetLayoutFigure,
  'time-score-curve': TimeScoreCurveFigure,
  'score-bands': ScoreBandsFigure,
  'combined-weights': CombinedWeightsTable,
  'default-rules': DefaultRulesTable,
  'cleaning-flow': CleaningFlowFigure,
  'projective-layout': ProjectiveLayoutFigure,
  'projective-shares': ProjectiveSharesFigure,
};

/** A figure with its caption; unknown names render nothing (the guard test refuses them anyway). */
export function GuideFigure({ name, caption }: { name: string; caption: string }) {
  const Figure = (FIGURES as Record<string, ComponentType<{ label: string }> | undefined>)[name];
  if (!Figure) return null;
  return (
    <Box as="figure" my="6" mx="0" css={{ breakInside: 'avoid' }} data-figure={name}>
      <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" bg="bg" p="3" overflowX="auto">
        <Figure label={caption} />
      </Box>
      <Box as="figcaption" mt="2" fontSize="sm" color="fg.muted" textAlign="center">
        {caption}
      </Box>
    </Box>
  );
}
