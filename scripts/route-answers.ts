/**
 * npm run routes:answers: rewrites server/test/route-answers.ts, the table that types the test client's
 * answers by route, from the routes the app registers (server/test/route-answers-table.ts).
 */
import fs from 'node:fs';
import { routeAnswersFile, routeAnswersSource } from '../server/test/route-answers-table.ts';

fs.writeFileSync(routeAnswersFile, await routeAnswersSource());
