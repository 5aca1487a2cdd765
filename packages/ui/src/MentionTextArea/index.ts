export {
  MentionTextArea,
  mentionAt,
  MENTION_TRIGGER,
  type MentionTextAreaProps,
  type MentionUser,
} from './MentionTextArea';
