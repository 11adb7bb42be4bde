// k6 run -e BASE_URL=https://<organization host> load-tests/k6/browse-meetings.js   (scenario 'browse-meetings' of ../scenarios.js)
import { optionsFor, runFor, setupFor } from './lib.js';

const NAME = 'browse-meetings';
export const options = optionsFor(NAME);
export const setup = () => setupFor(NAME);
export default runFor(NAME);
