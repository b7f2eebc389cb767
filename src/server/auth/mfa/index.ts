export { createChallenge } from './challenges';
export { hasSecondFactor } from './mfa-service';
export { mfaRoutes } from './mfa-routes';
export { answerChallenge } from './sign-in-step';
