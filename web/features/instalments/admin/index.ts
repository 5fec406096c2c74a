/** Payment Management (admin document §2), and a member's ledger (RULES §6a). */
export { AdminPaymentsPage } from './payments-page.tsx';
export { AdminMemberLedgerPage } from './ledger-page.tsx';
/** What other admin screens show of payments: the states' badges and legend, figure tiles, ledger links. */
export { ledgerPath } from './api.ts';
export { StateBadge, StateLegend, stateLooks, useStateLabel } from './state-badge.tsx';
export { FigureTiles } from './figure-tiles.tsx';
export { LedgerLink } from './parts.tsx';
export { TransferFacts } from './transfer-facts.tsx';
