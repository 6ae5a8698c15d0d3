/**
 * @chief-of-staff/documents/testing — the contract suites of the documents' storage ports (ADR 0067), for every
 * adapter's tests. Public API named explicitly below.
 */
export { describeDocumentStoreContract } from './document-store-contract.js';
export type { DocumentStores, OpenDocumentStores, OpenedDocumentStores } from './document-store-contract.js';
export { describeFactVectorIndexContract } from './fact-vector-index-contract.js';
export type { ContractFactVectorIndex, OpenedFactVectorIndex, OpenFactVectorIndex } from './fact-vector-index-contract.js';
// Real PDF and .docx files built in the test, for the adapters' document engine tests.
export { makeDocx, makePdf } from './fixture-files.js';
