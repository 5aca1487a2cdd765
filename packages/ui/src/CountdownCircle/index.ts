export { CountdownCircle, type CountdownCircleProps } from './CountdownCircle';
