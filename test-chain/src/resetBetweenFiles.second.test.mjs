// @ts-check
import { resetBetweenFilesSuite } from "./resetBetweenFiles.fixture.mjs";

resetBetweenFilesSuite();
