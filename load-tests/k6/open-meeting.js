// k6 run -e BASE_URL=https://<organization host> load-tests/k6/open-meeting.js   (scenario 'open-meeting' of ../scenarios.js)
import { optionsFor, runFor, setupFor } from './lib.js';

const NAME = 'open-meeting';
export const options = optionsFor(NAME);
export const setup = () => setupFor(NAME);
export default runFor(NAME);
