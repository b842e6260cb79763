// Node-only helpers of @fundament/sdk (they read files).
export { DEPLOYMENTS_DIR, loadDeployment } from "../deployment/loadDeployment.js";
