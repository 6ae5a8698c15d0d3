/**
 * The console's sections, in navigation order: one line each. The first is the landing page.
 */
import type { ConsoleSection } from './page-kit/types.js';
import { orchestrationSection } from './sections/orchestration/orchestration-section.js';
import { todaySection } from './sections/today/today-section.js';

export const consoleSections: readonly ConsoleSection[] = [
  todaySection,
  orchestrationSection,
];
