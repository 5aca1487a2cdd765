export { ScheduleGrid, type ScheduleGridCell, type ScheduleGridDay, type ScheduleGridPerson, type ScheduleGridPosition, type ScheduleGridProps } from './ScheduleGrid';
