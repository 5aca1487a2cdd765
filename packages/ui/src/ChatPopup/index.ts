export {
  ChatPopup,
  ChatToast,
  CHAT_TOAST_MS,
  CHAT_TOAST_FADE_MS,
  type ChatPartner,
  type ChatPopupMessage,
  type ChatPopupLabels,
  type ChatPopupProps,
  type ChatToastProps,
} from './ChatPopup';
export { ChatUserList, type ChatListUser, type ChatUserListProps } from './ChatUserList';
export { CHAT_GROUP_WINDOW_MS, formatChatTime, showTimeFlags, type GroupableMessage } from './grouping';
