export {
  ModalElementEditor,
  type ModalElement,
  type ModalElementEditorProps,
  type ModalElementEditorTexts,
  type ModalElementField,
  type ModalElementKind,
} from './ModalElementEditor';
