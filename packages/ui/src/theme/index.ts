/**
 * The theme: import '@servicedesk/ui/theme' once at the app's entry to install the light and
 * dark themes and the global styles; read tokens in styles through `vars`.
 */
import './themes.css';
import './global.css';

export { vars } from './contract.css';
export { lightTokens, darkTokens, type ThemeTokens } from './tokens';
export {
  narrowScreen,
  topBarFrame,
  topBarFrameNarrow,
  brandMarkFrame,
  brandTextFrame,
  brandTextHidden,
  SIDEBAR_WIDTH,
  SIDEBAR_RAIL_WIDTH,
  sidebarPanelFrame,
} from './frame';
