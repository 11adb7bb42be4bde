import { Routes, type QuestionnaireBody, type RouteData, type SendBody } from '@app/contracts';
import { api, apiCommand } from './client';

/**
 * Evaluations and questionnaires (docs/evaluations.md): typed calls of the route table's evaluation routes. Every
 * answer is the contract's type; nothing is named here twice.
 */
export type QuestionnaireList = RouteData<typeof Routes.listQuestionnaires>;
export type QuestionnaireDetails = RouteData<typeof Routes.getQuestionnaire>;
export type MyRounds = RouteData<typeof Routes.myEvaluationRounds>;
export type EvaluationRound = RouteData<typeof Routes.getEvaluationRound>;
export type EvaluationResults = RouteData<typeof Routes.evaluationResults>;

export const evaluationsApi = {
  questionnaires: () => api(Routes.listQuestionnaires),
  questionnaire: (id: number) => api(Routes.getQuestionnaire, { params: { id } }),
  create: (body: QuestionnaireBody) => apiCommand(Routes.createQuestionnaire, { body }),
  update: (id: number, body: QuestionnaireBody) => apiCommand(Routes.updateQuestionnaire, { params: { id }, body }),
  send: (id: number, body: SendBody) => apiCommand(Routes.sendQuestionnaire, { params: { id }, body }),
  /** `quiet`: no error toast (the home page's widget is a side note; the evaluations page shows its own error state) */
  mine: (quiet = false) => api(Routes.myEvaluationRounds, { notify: !quiet }),
  round: (id: number) => api(Routes.getEvaluationRound, { params: { id } }),
  answer: (id: number, answers: Record<string, unknown>) => apiCommand(Routes.answerEvaluationRound, { params: { id }, body: { answers: answers as never } }),
  close: (id: number) => apiCommand(Routes.closeEvaluationRound, { params: { id } }),
  results: (id: number) => api(Routes.evaluationResults, { params: { id } }),
  csv: (id: number) => api(Routes.evaluationCsv, { params: { id } }),
};
