/**
 * The header's slot for the live-connection status (connecting / live / catching up / offline).
 * The live-updates issue fills it in; until then it renders nothing.
 */
export function HeaderStatusSlot() {
  return <div data-slot="live-status" style={{ display: 'flex', alignItems: 'center', gap: 8 }} />;
}
