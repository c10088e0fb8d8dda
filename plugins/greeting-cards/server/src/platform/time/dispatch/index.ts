// The dispatch calendar: working days per country and when a posted card leaves and lands.
export { planDispatch } from './plan-dispatch';
export type { DispatchInput, DispatchPlan, MethodPlan, MethodTransit, ArriveByProblem } from './plan-dispatch';
export { addDays, addWorkingDays, standardWorkingDays, weekday } from './calendar';
export type { WorkingDays } from './calendar';
export { isPublicHoliday, holidayName } from './public-holidays';
