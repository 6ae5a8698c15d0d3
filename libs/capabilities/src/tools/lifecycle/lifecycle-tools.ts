/**
 * The decision, delegation and alert tools of docs/reference/tool-catalogue.md#decisions-delegations-and-alerts, as
 * groups.
 */
import {
  checkAlertsTool,
  createAlertRuleTool,
  deleteAlertRuleTool,
  dismissAlertTool,
  listAlertRulesTool,
} from './alert-tools.js';
import {
  createDecisionTool,
  deleteDecisionTool,
  listPendingDecisionsTool,
  searchDecisionsTool,
  updateDecisionTool,
} from './decision-tools.js';
import {
  checkOverdueDelegationsTool,
  createDelegationTool,
  deleteDelegationTool,
  listDelegationsTool,
  updateDelegationTool,
} from './delegation-tools.js';

export const decisionTools = [
  createDecisionTool,
  searchDecisionsTool,
  updateDecisionTool,
  listPendingDecisionsTool,
  deleteDecisionTool,
] as const;

export const delegationTools = [
  createDelegationTool,
  listDelegationsTool,
  updateDelegationTool,
  checkOverdueDelegationsTool,
  deleteDelegationTool,
] as const;

export const alertTools = [
  createAlertRuleTool,
  listAlertRulesTool,
  checkAlertsTool,
  dismissAlertTool,
  deleteAlertRuleTool,
] as const;
