export {
  DecisionBar,
  type Decision,
  type DecisionBarProps,
  type DecisionBarTexts,
} from './DecisionBar';
