/**
 * The Memory section: what the chief of staff remembers, in four tabs that each stay small (a page of 50 at a time):
 * facts, people, decisions and delegations. `/memory` shows the facts.
 */
import type { ConsoleSection } from '../../page-kit/types.js';
import { decisionActions, renderDecisionsPage } from './decisions-page.js';
import { delegationActions, renderDelegationsPage } from './delegations-page.js';
import { factActions } from './facts-actions.js';
import { renderFactEditPage, renderFactsPage } from './facts-page.js';
import { peopleActions, renderPeoplePage, renderPersonPage } from './people-page.js';

export const memorySection: ConsoleSection = {
  id: 'memory',
  label: 'Memory',
  path: '/memory',
  register(routes) {
    routes.page('/memory', renderFactsPage);
    routes.page('/memory/facts', renderFactsPage);
    routes.page('/memory/facts/edit', renderFactEditPage);
    factActions(routes);
    routes.page('/memory/people', renderPeoplePage);
    routes.page('/memory/people/:name', renderPersonPage);
    peopleActions(routes);
    routes.page('/memory/decisions', renderDecisionsPage);
    decisionActions(routes);
    routes.page('/memory/delegations', renderDelegationsPage);
    delegationActions(routes);
  },
};
