// @ts-nocheck
// Generated from DeploymentSourceSchema (src/types.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/contract.int.test.ts -t 'compiled ahead of time'` in the package.
const schema11 = {"additionalProperties":false,"description":"A Deployment (one container) owned by the custom resource.","type":"object","required":["image"],"properties":{"name":{"description":"The object's name; default <owner>-deployment (also the container name, so at most 63 characters).","anyOf":[{"type":"string"},{"type":"number"}]},"namespace":{"description":"The object's namespace; default and only allowed value for a namespaced owner: the owner's.","anyOf":[{"type":"string"},{"type":"number"}]},"labels":{"description":"Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"annotations":{"description":"Annotations.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"recreate":{"description":"On a change the API server refuses in place (an immutable field), delete and create the object instead of failing.","anyOf":[{"type":"boolean"},{"type":"string"}]},"image":{"description":"The container image, e.g. nginx:1.27. Required.","anyOf":[{"type":"string"},{"type":"number"}]},"imagePullPolicy":{"description":"Always, IfNotPresent or Never; server default by tag (Always for :latest, else IfNotPresent).","anyOf":[{"type":"string"},{"type":"number"}]},"replicas":{"description":"Number of Pods; default 1 when unset, 0 stays 0. Not allowed with autoscaled.","anyOf":[{"minimum":0,"type":"integer"},{"type":"string"}]},"autoscaled":{"description":"Leave replicas to an autoscaler (HorizontalPodAutoscaler): the Deployment is written without spec.replicas, so scaling is never drift.","anyOf":[{"type":"boolean"},{"type":"string"}]},"port":{"description":"The container port.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"portName":{"description":"Name of the container port (an IANA service name such as http), for probes and Service targetPorts.","anyOf":[{"type":"string"},{"type":"number"}]},"protocol":{"description":"Protocol of the port: TCP (default), UDP or SCTP.","anyOf":[{"type":"string"},{"type":"number"}]},"command":{"description":"Replaces the image's entrypoint. A list, or one template yielding a list.","anyOf":[{"type":"array","items":{"description":"One item.","anyOf":[{"type":"string"},{"type":"number"}]}},{"type":"string"}]},"args":{"description":"Arguments; replace the image's CMD. A list, or one template yielding a list.","anyOf":[{"type":"array","items":{"description":"One item.","anyOf":[{"type":"string"},{"type":"number"}]}},{"type":"string"}]},"env":{"description":"Environment variables, in order.","type":"array","items":{"additionalProperties":false,"description":"An environment variable.","type":"object","required":["name"],"properties":{"name":{"description":"Variable name.","anyOf":[{"type":"string"},{"type":"number"}]},"value":{"description":"Its value.","anyOf":[{"type":"string"},{"type":"number"}]},"valueFrom":{"additionalProperties":false,"description":"Where the value comes from (one of secretKeyRef, configMapKeyRef, fieldRef), instead of value.","type":"object","properties":{"secretKeyRef":{"additionalProperties":false,"description":"A key of a Secret.","type":"object","required":["name","key"],"properties":{"name":{"description":"Name of the Secret in the Deployment's namespace.","anyOf":[{"type":"string"},{"type":"number"}]},"key":{"description":"Key of the Secret.","anyOf":[{"type":"string"},{"type":"number"}]},"optional":{"description":"Start the container even when the Secret or the key is missing.","anyOf":[{"type":"boolean"},{"type":"string"}]}}},"configMapKeyRef":{"additionalProperties":false,"description":"A key of a ConfigMap.","type":"object","required":["name","key"],"properties":{"name":{"description":"Name of the ConfigMap in the Deployment's namespace.","anyOf":[{"type":"string"},{"type":"number"}]},"key":{"description":"Key of the ConfigMap.","anyOf":[{"type":"string"},{"type":"number"}]},"optional":{"description":"Start the container even when the ConfigMap or the key is missing.","anyOf":[{"type":"boolean"},{"type":"string"}]}}},"fieldRef":{"additionalProperties":false,"description":"A field of the Pod.","type":"object","required":["fieldPath"],"properties":{"fieldPath":{"description":"A field of the Pod, e.g. metadata.name or status.podIP.","anyOf":[{"type":"string"},{"type":"number"}]}}}}}}}},"envFrom":{"description":"Environment variables from whole ConfigMaps and Secrets.","type":"array","items":{"additionalProperties":false,"description":"Variables from every key of a ConfigMap or a Secret (one of configMapRef, secretRef).","type":"object","properties":{"configMapRef":{"additionalProperties":false,"description":"A ConfigMap whose keys all become variables.","type":"object","required":["name"],"properties":{"name":{"description":"Name of the ConfigMap.","anyOf":[{"type":"string"},{"type":"number"}]},"optional":{"description":"Start the container even when the ConfigMap is missing.","anyOf":[{"type":"boolean"},{"type":"string"}]}}},"secretRef":{"additionalProperties":false,"description":"A Secret whose keys all become variables.","type":"object","required":["name"],"properties":{"name":{"description":"Name of the Secret.","anyOf":[{"type":"string"},{"type":"number"}]},"optional":{"description":"Start the container even when the Secret is missing.","anyOf":[{"type":"boolean"},{"type":"string"}]}}},"prefix":{"description":"Prepended to every variable name.","anyOf":[{"type":"string"},{"type":"number"}]}}}},"profile":{"description":"A named resource profile: tiny, small, medium, large, burst, steady, compute-heavy, memory-heavy.","anyOf":[{"type":"string"},{"type":"number"}]},"resources":{"additionalProperties":false,"description":"Requests and limits; each one given overrides the same one of the profile.","type":"object","properties":{"requests":{"description":"Requested resources, e.g. cpu: 250m, memory: 256Mi.","type":"object","patternProperties":{"^(.*)$":{"description":"A quantity such as 500m, 0.5, 128Mi or 1Gi.","anyOf":[{"type":"string"},{"type":"number"}]}}},"limits":{"description":"Resource limits, e.g. cpu: 500m, memory: 512Mi.","type":"object","patternProperties":{"^(.*)$":{"description":"A quantity such as 500m, 0.5, 128Mi or 1Gi.","anyOf":[{"type":"string"},{"type":"number"}]}}}}},"imagePullSecrets":{"description":"Secrets to pull the image with.","type":"array","items":{"description":"Name of a docker-registry Secret.","anyOf":[{"type":"string"},{"type":"number"}]}},"serviceAccountName":{"description":"The Pods' service account; server default: default.","anyOf":[{"type":"string"},{"type":"number"}]},"nodeSelector":{"description":"Node labels a node must have to run the Pods.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"probes":{"additionalProperties":false,"description":"Liveness (restart when failing), readiness (no traffic when failing) and startup probes.","type":"object","properties":{"liveness":{"additionalProperties":false,"description":"A probe: one of httpGet, tcpSocket, exec, and its timing.","type":"object","properties":{"httpGet":{"additionalProperties":false,"description":"Healthy when a GET answers 200–399.","type":"object","required":["port"],"properties":{"path":{"description":"Path of the request, starting with /.","anyOf":[{"type":"string"},{"type":"number"}]},"port":{"description":"Port number or container port name.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"scheme":{"description":"HTTP (default) or HTTPS.","anyOf":[{"type":"string"},{"type":"number"}]}}},"tcpSocket":{"additionalProperties":false,"description":"Healthy when the port accepts a connection.","type":"object","required":["port"],"properties":{"port":{"description":"Port number or container port name.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]}}},"exec":{"additionalProperties":false,"description":"Healthy when the command succeeds.","type":"object","required":["command"],"properties":{"command":{"description":"The command, run in the container; healthy when it exits 0. A list, or one template yielding a list.","anyOf":[{"type":"array","items":{"description":"One item.","anyOf":[{"type":"string"},{"type":"number"}]}},{"type":"string"}]}}},"initialDelaySeconds":{"description":"Seconds after the start before the first probe; default 0.","anyOf":[{"minimum":0,"type":"integer"},{"type":"string"}]},"periodSeconds":{"description":"Seconds between probes; default 10.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"timeoutSeconds":{"description":"Seconds a probe may take; default 1.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"failureThreshold":{"description":"Failures in a row that count as failed; default 3.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"successThreshold":{"description":"Successes in a row that count as healthy after a failure; default 1, and must be 1 for liveness and startup.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]}}},"readiness":{"additionalProperties":false,"description":"A probe: one of httpGet, tcpSocket, exec, and its timing.","type":"object","properties":{"httpGet":{"additionalProperties":false,"description":"Healthy when a GET answers 200–399.","type":"object","required":["port"],"properties":{"path":{"description":"Path of the request, starting with /.","anyOf":[{"type":"string"},{"type":"number"}]},"port":{"description":"Port number or container port name.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"scheme":{"description":"HTTP (default) or HTTPS.","anyOf":[{"type":"string"},{"type":"number"}]}}},"tcpSocket":{"additionalProperties":false,"description":"Healthy when the port accepts a connection.","type":"object","required":["port"],"properties":{"port":{"description":"Port number or container port name.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]}}},"exec":{"additionalProperties":false,"description":"Healthy when the command succeeds.","type":"object","required":["command"],"properties":{"command":{"description":"The command, run in the container; healthy when it exits 0. A list, or one template yielding a list.","anyOf":[{"type":"array","items":{"description":"One item.","anyOf":[{"type":"string"},{"type":"number"}]}},{"type":"string"}]}}},"initialDelaySeconds":{"description":"Seconds after the start before the first probe; default 0.","anyOf":[{"minimum":0,"type":"integer"},{"type":"string"}]},"periodSeconds":{"description":"Seconds between probes; default 10.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"timeoutSeconds":{"description":"Seconds a probe may take; default 1.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"failureThreshold":{"description":"Failures in a row that count as failed; default 3.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"successThreshold":{"description":"Successes in a row that count as healthy after a failure; default 1, and must be 1 for liveness and startup.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]}}},"startup":{"additionalProperties":false,"description":"A probe: one of httpGet, tcpSocket, exec, and its timing.","type":"object","properties":{"httpGet":{"additionalProperties":false,"description":"Healthy when a GET answers 200–399.","type":"object","required":["port"],"properties":{"path":{"description":"Path of the request, starting with /.","anyOf":[{"type":"string"},{"type":"number"}]},"port":{"description":"Port number or container port name.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"scheme":{"description":"HTTP (default) or HTTPS.","anyOf":[{"type":"string"},{"type":"number"}]}}},"tcpSocket":{"additionalProperties":false,"description":"Healthy when the port accepts a connection.","type":"object","required":["port"],"properties":{"port":{"description":"Port number or container port name.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]}}},"exec":{"additionalProperties":false,"description":"Healthy when the command succeeds.","type":"object","required":["command"],"properties":{"command":{"description":"The command, run in the container; healthy when it exits 0. A list, or one template yielding a list.","anyOf":[{"type":"array","items":{"description":"One item.","anyOf":[{"type":"string"},{"type":"number"}]}},{"type":"string"}]}}},"initialDelaySeconds":{"description":"Seconds after the start before the first probe; default 0.","anyOf":[{"minimum":0,"type":"integer"},{"type":"string"}]},"periodSeconds":{"description":"Seconds between probes; default 10.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"timeoutSeconds":{"description":"Seconds a probe may take; default 1.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"failureThreshold":{"description":"Failures in a row that count as failed; default 3.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"successThreshold":{"description":"Successes in a row that count as healthy after a failure; default 1, and must be 1 for liveness and startup.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]}}}}},"podLabels":{"description":"Labels of the Pods; the selector labels are always set and cannot be overridden.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"podAnnotations":{"description":"Annotations of the Pods.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"volumes":{"description":"Volumes from ConfigMaps and Secrets.","type":"array","items":{"additionalProperties":false,"description":"A volume from a ConfigMap or a Secret (one of configMap, secret).","type":"object","required":["name"],"properties":{"name":{"description":"Volume name, used by volumeMounts (a DNS-1123 label).","anyOf":[{"type":"string"},{"type":"number"}]},"configMap":{"description":"Name of a ConfigMap of the namespace whose keys become files.","anyOf":[{"type":"string"},{"type":"number"}]},"secret":{"description":"Name of a Secret of the namespace whose keys become files.","anyOf":[{"type":"string"},{"type":"number"}]},"items":{"description":"Only these keys, at these paths; all keys when absent.","type":"array","items":{"additionalProperties":false,"description":"One key as one file.","type":"object","required":["key","path"],"properties":{"key":{"description":"A key of the ConfigMap or Secret.","anyOf":[{"type":"string"},{"type":"number"}]},"path":{"description":"The relative file path it is written to.","anyOf":[{"type":"string"},{"type":"number"}]}}}},"optional":{"description":"Start the Pod even when the ConfigMap or Secret is missing.","anyOf":[{"type":"boolean"},{"type":"string"}]}}}},"volumeMounts":{"description":"Where the volumes are mounted in the container.","type":"array","items":{"additionalProperties":false,"description":"Where a volume is mounted in the container.","type":"object","required":["name","mountPath"],"properties":{"name":{"description":"Name of a volume declared in volumes.","anyOf":[{"type":"string"},{"type":"number"}]},"mountPath":{"description":"Absolute path in the container.","anyOf":[{"type":"string"},{"type":"number"}]},"readOnly":{"description":"Mount read-only.","anyOf":[{"type":"boolean"},{"type":"string"}]},"subPath":{"description":"Mount only this relative path of the volume.","anyOf":[{"type":"string"},{"type":"number"}]}}}},"strategy":{"description":"How Pods are replaced on a change: RollingUpdate (with maxSurge, maxUnavailable) or Recreate; server default RollingUpdate 25%/25%.","anyOf":[{"description":"RollingUpdate or Recreate.","anyOf":[{"type":"string"},{"type":"number"}]},{"additionalProperties":false,"description":"How Pods are replaced.","type":"object","properties":{"type":{"description":"RollingUpdate (default) or Recreate.","anyOf":[{"type":"string"},{"type":"number"}]},"maxSurge":{"description":"RollingUpdate: Pods above the desired count during a rollout (number or percentage); server default 25%.","anyOf":[{"minimum":0,"type":"integer"},{"type":"string"}]},"maxUnavailable":{"description":"RollingUpdate: Pods that may be unavailable during a rollout (number or percentage); server default 25%.","anyOf":[{"minimum":0,"type":"integer"},{"type":"string"}]}}}]}}};
const func2 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp("^(.*)$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.image === undefined) && (missing0 = "image")){
validate10.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
validate10.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.name !== undefined){
let data0 = data.name;
const _errs2 = errors;
const _errs3 = errors;
let valid1 = false;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs6 = errors;
if(!(typeof data0 == "number")){
const err1 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid0 = _errs6 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.namespace !== undefined){
let data1 = data.namespace;
const _errs8 = errors;
const _errs9 = errors;
let valid2 = false;
const _errs10 = errors;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/namespace",schemaPath:"#/properties/namespace/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs12 = errors;
if(!(typeof data1 == "number")){
const err4 = {instancePath:instancePath+"/namespace",schemaPath:"#/properties/namespace/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs12 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath:instancePath+"/namespace",schemaPath:"#/properties/namespace/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs9;
if(vErrors !== null){
if(_errs9){
vErrors.length = _errs9;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs8 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.labels !== undefined){
let data2 = data.labels;
const _errs14 = errors;
if(errors === _errs14){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
var valid3 = true;
for(const key1 in data2){
if(pattern0.test(key1)){
let data3 = data2[key1];
const _errs16 = errors;
const _errs17 = errors;
let valid4 = false;
const _errs18 = errors;
if(typeof data3 !== "string"){
const err6 = {instancePath:instancePath+"/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/labels/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid2 = _errs18 === errors;
valid4 = valid4 || _valid2;
if(!valid4){
const _errs20 = errors;
if(!(typeof data3 == "number")){
const err7 = {instancePath:instancePath+"/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/labels/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid2 = _errs20 === errors;
valid4 = valid4 || _valid2;
if(!valid4){
const _errs22 = errors;
if(typeof data3 !== "boolean"){
const err8 = {instancePath:instancePath+"/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/labels/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs22 === errors;
valid4 = valid4 || _valid2;
}
}
if(!valid4){
const err9 = {instancePath:instancePath+"/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/labels/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs16 === errors;
if(!valid3){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/labels",schemaPath:"#/properties/labels/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.annotations !== undefined){
let data4 = data.annotations;
const _errs24 = errors;
if(errors === _errs24){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
var valid5 = true;
for(const key2 in data4){
if(pattern0.test(key2)){
let data5 = data4[key2];
const _errs26 = errors;
const _errs27 = errors;
let valid6 = false;
const _errs28 = errors;
if(typeof data5 !== "string"){
const err10 = {instancePath:instancePath+"/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/annotations/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid3 = _errs28 === errors;
valid6 = valid6 || _valid3;
if(!valid6){
const _errs30 = errors;
if(!(typeof data5 == "number")){
const err11 = {instancePath:instancePath+"/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/annotations/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid3 = _errs30 === errors;
valid6 = valid6 || _valid3;
if(!valid6){
const _errs32 = errors;
if(typeof data5 !== "boolean"){
const err12 = {instancePath:instancePath+"/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/annotations/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid3 = _errs32 === errors;
valid6 = valid6 || _valid3;
}
}
if(!valid6){
const err13 = {instancePath:instancePath+"/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/annotations/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs27;
if(vErrors !== null){
if(_errs27){
vErrors.length = _errs27;
}
else {
vErrors = null;
}
}
}
var valid5 = _errs26 === errors;
if(!valid5){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/annotations",schemaPath:"#/properties/annotations/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs24 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.recreate !== undefined){
let data6 = data.recreate;
const _errs34 = errors;
const _errs35 = errors;
let valid7 = false;
const _errs36 = errors;
if(typeof data6 !== "boolean"){
const err14 = {instancePath:instancePath+"/recreate",schemaPath:"#/properties/recreate/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid4 = _errs36 === errors;
valid7 = valid7 || _valid4;
if(!valid7){
const _errs38 = errors;
if(typeof data6 !== "string"){
const err15 = {instancePath:instancePath+"/recreate",schemaPath:"#/properties/recreate/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid4 = _errs38 === errors;
valid7 = valid7 || _valid4;
}
if(!valid7){
const err16 = {instancePath:instancePath+"/recreate",schemaPath:"#/properties/recreate/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs34 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.image !== undefined){
let data7 = data.image;
const _errs40 = errors;
const _errs41 = errors;
let valid8 = false;
const _errs42 = errors;
if(typeof data7 !== "string"){
const err17 = {instancePath:instancePath+"/image",schemaPath:"#/properties/image/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid5 = _errs42 === errors;
valid8 = valid8 || _valid5;
if(!valid8){
const _errs44 = errors;
if(!(typeof data7 == "number")){
const err18 = {instancePath:instancePath+"/image",schemaPath:"#/properties/image/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid5 = _errs44 === errors;
valid8 = valid8 || _valid5;
}
if(!valid8){
const err19 = {instancePath:instancePath+"/image",schemaPath:"#/properties/image/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs41;
if(vErrors !== null){
if(_errs41){
vErrors.length = _errs41;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs40 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.imagePullPolicy !== undefined){
let data8 = data.imagePullPolicy;
const _errs46 = errors;
const _errs47 = errors;
let valid9 = false;
const _errs48 = errors;
if(typeof data8 !== "string"){
const err20 = {instancePath:instancePath+"/imagePullPolicy",schemaPath:"#/properties/imagePullPolicy/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid6 = _errs48 === errors;
valid9 = valid9 || _valid6;
if(!valid9){
const _errs50 = errors;
if(!(typeof data8 == "number")){
const err21 = {instancePath:instancePath+"/imagePullPolicy",schemaPath:"#/properties/imagePullPolicy/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid6 = _errs50 === errors;
valid9 = valid9 || _valid6;
}
if(!valid9){
const err22 = {instancePath:instancePath+"/imagePullPolicy",schemaPath:"#/properties/imagePullPolicy/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs47;
if(vErrors !== null){
if(_errs47){
vErrors.length = _errs47;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs46 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.replicas !== undefined){
let data9 = data.replicas;
const _errs52 = errors;
const _errs53 = errors;
let valid10 = false;
const _errs54 = errors;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
const err23 = {instancePath:instancePath+"/replicas",schemaPath:"#/properties/replicas/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(errors === _errs54){
if(typeof data9 == "number"){
if(data9 < 0 || isNaN(data9)){
const err24 = {instancePath:instancePath+"/replicas",schemaPath:"#/properties/replicas/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
var _valid7 = _errs54 === errors;
valid10 = valid10 || _valid7;
if(!valid10){
const _errs56 = errors;
if(typeof data9 !== "string"){
const err25 = {instancePath:instancePath+"/replicas",schemaPath:"#/properties/replicas/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid7 = _errs56 === errors;
valid10 = valid10 || _valid7;
}
if(!valid10){
const err26 = {instancePath:instancePath+"/replicas",schemaPath:"#/properties/replicas/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs52 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.autoscaled !== undefined){
let data10 = data.autoscaled;
const _errs58 = errors;
const _errs59 = errors;
let valid11 = false;
const _errs60 = errors;
if(typeof data10 !== "boolean"){
const err27 = {instancePath:instancePath+"/autoscaled",schemaPath:"#/properties/autoscaled/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid8 = _errs60 === errors;
valid11 = valid11 || _valid8;
if(!valid11){
const _errs62 = errors;
if(typeof data10 !== "string"){
const err28 = {instancePath:instancePath+"/autoscaled",schemaPath:"#/properties/autoscaled/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid8 = _errs62 === errors;
valid11 = valid11 || _valid8;
}
if(!valid11){
const err29 = {instancePath:instancePath+"/autoscaled",schemaPath:"#/properties/autoscaled/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs59;
if(vErrors !== null){
if(_errs59){
vErrors.length = _errs59;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs58 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.port !== undefined){
let data11 = data.port;
const _errs64 = errors;
const _errs65 = errors;
let valid12 = false;
const _errs66 = errors;
if(!((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11)))){
const err30 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(errors === _errs66){
if(typeof data11 == "number"){
if(data11 > 65535 || isNaN(data11)){
const err31 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
if(data11 < 1 || isNaN(data11)){
const err32 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
}
var _valid9 = _errs66 === errors;
valid12 = valid12 || _valid9;
if(!valid12){
const _errs68 = errors;
if(typeof data11 !== "string"){
const err33 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid9 = _errs68 === errors;
valid12 = valid12 || _valid9;
}
if(!valid12){
const err34 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs65;
if(vErrors !== null){
if(_errs65){
vErrors.length = _errs65;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs64 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.portName !== undefined){
let data12 = data.portName;
const _errs70 = errors;
const _errs71 = errors;
let valid13 = false;
const _errs72 = errors;
if(typeof data12 !== "string"){
const err35 = {instancePath:instancePath+"/portName",schemaPath:"#/properties/portName/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid10 = _errs72 === errors;
valid13 = valid13 || _valid10;
if(!valid13){
const _errs74 = errors;
if(!(typeof data12 == "number")){
const err36 = {instancePath:instancePath+"/portName",schemaPath:"#/properties/portName/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var _valid10 = _errs74 === errors;
valid13 = valid13 || _valid10;
}
if(!valid13){
const err37 = {instancePath:instancePath+"/portName",schemaPath:"#/properties/portName/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs71;
if(vErrors !== null){
if(_errs71){
vErrors.length = _errs71;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs70 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.protocol !== undefined){
let data13 = data.protocol;
const _errs76 = errors;
const _errs77 = errors;
let valid14 = false;
const _errs78 = errors;
if(typeof data13 !== "string"){
const err38 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid11 = _errs78 === errors;
valid14 = valid14 || _valid11;
if(!valid14){
const _errs80 = errors;
if(!(typeof data13 == "number")){
const err39 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid11 = _errs80 === errors;
valid14 = valid14 || _valid11;
}
if(!valid14){
const err40 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs77;
if(vErrors !== null){
if(_errs77){
vErrors.length = _errs77;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs76 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.command !== undefined){
let data14 = data.command;
const _errs82 = errors;
const _errs83 = errors;
let valid15 = false;
const _errs84 = errors;
if(errors === _errs84){
if(Array.isArray(data14)){
var valid16 = true;
const len0 = data14.length;
for(let i0=0; i0<len0; i0++){
let data15 = data14[i0];
const _errs86 = errors;
const _errs87 = errors;
let valid17 = false;
const _errs88 = errors;
if(typeof data15 !== "string"){
const err41 = {instancePath:instancePath+"/command/" + i0,schemaPath:"#/properties/command/anyOf/0/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid13 = _errs88 === errors;
valid17 = valid17 || _valid13;
if(!valid17){
const _errs90 = errors;
if(!(typeof data15 == "number")){
const err42 = {instancePath:instancePath+"/command/" + i0,schemaPath:"#/properties/command/anyOf/0/items/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
var _valid13 = _errs90 === errors;
valid17 = valid17 || _valid13;
}
if(!valid17){
const err43 = {instancePath:instancePath+"/command/" + i0,schemaPath:"#/properties/command/anyOf/0/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
else {
errors = _errs87;
if(vErrors !== null){
if(_errs87){
vErrors.length = _errs87;
}
else {
vErrors = null;
}
}
}
var valid16 = _errs86 === errors;
if(!valid16){
break;
}
}
}
else {
const err44 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
var _valid12 = _errs84 === errors;
valid15 = valid15 || _valid12;
if(!valid15){
const _errs92 = errors;
if(typeof data14 !== "string"){
const err45 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid12 = _errs92 === errors;
valid15 = valid15 || _valid12;
}
if(!valid15){
const err46 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs83;
if(vErrors !== null){
if(_errs83){
vErrors.length = _errs83;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs82 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.args !== undefined){
let data16 = data.args;
const _errs94 = errors;
const _errs95 = errors;
let valid18 = false;
const _errs96 = errors;
if(errors === _errs96){
if(Array.isArray(data16)){
var valid19 = true;
const len1 = data16.length;
for(let i1=0; i1<len1; i1++){
let data17 = data16[i1];
const _errs98 = errors;
const _errs99 = errors;
let valid20 = false;
const _errs100 = errors;
if(typeof data17 !== "string"){
const err47 = {instancePath:instancePath+"/args/" + i1,schemaPath:"#/properties/args/anyOf/0/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var _valid15 = _errs100 === errors;
valid20 = valid20 || _valid15;
if(!valid20){
const _errs102 = errors;
if(!(typeof data17 == "number")){
const err48 = {instancePath:instancePath+"/args/" + i1,schemaPath:"#/properties/args/anyOf/0/items/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
var _valid15 = _errs102 === errors;
valid20 = valid20 || _valid15;
}
if(!valid20){
const err49 = {instancePath:instancePath+"/args/" + i1,schemaPath:"#/properties/args/anyOf/0/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
else {
errors = _errs99;
if(vErrors !== null){
if(_errs99){
vErrors.length = _errs99;
}
else {
vErrors = null;
}
}
}
var valid19 = _errs98 === errors;
if(!valid19){
break;
}
}
}
else {
const err50 = {instancePath:instancePath+"/args",schemaPath:"#/properties/args/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
var _valid14 = _errs96 === errors;
valid18 = valid18 || _valid14;
if(!valid18){
const _errs104 = errors;
if(typeof data16 !== "string"){
const err51 = {instancePath:instancePath+"/args",schemaPath:"#/properties/args/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var _valid14 = _errs104 === errors;
valid18 = valid18 || _valid14;
}
if(!valid18){
const err52 = {instancePath:instancePath+"/args",schemaPath:"#/properties/args/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs95;
if(vErrors !== null){
if(_errs95){
vErrors.length = _errs95;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs94 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.env !== undefined){
let data18 = data.env;
const _errs106 = errors;
if(errors === _errs106){
if(Array.isArray(data18)){
var valid21 = true;
const len2 = data18.length;
for(let i2=0; i2<len2; i2++){
let data19 = data18[i2];
const _errs108 = errors;
if(errors === _errs108){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
let missing1;
if((data19.name === undefined) && (missing1 = "name")){
validate10.errors = [{instancePath:instancePath+"/env/" + i2,schemaPath:"#/properties/env/items/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs110 = errors;
for(const key3 in data19){
if(!(((key3 === "name") || (key3 === "value")) || (key3 === "valueFrom"))){
validate10.errors = [{instancePath:instancePath+"/env/" + i2,schemaPath:"#/properties/env/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs110 === errors){
if(data19.name !== undefined){
let data20 = data19.name;
const _errs111 = errors;
const _errs112 = errors;
let valid23 = false;
const _errs113 = errors;
if(typeof data20 !== "string"){
const err53 = {instancePath:instancePath+"/env/" + i2+"/name",schemaPath:"#/properties/env/items/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var _valid16 = _errs113 === errors;
valid23 = valid23 || _valid16;
if(!valid23){
const _errs115 = errors;
if(!(typeof data20 == "number")){
const err54 = {instancePath:instancePath+"/env/" + i2+"/name",schemaPath:"#/properties/env/items/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid16 = _errs115 === errors;
valid23 = valid23 || _valid16;
}
if(!valid23){
const err55 = {instancePath:instancePath+"/env/" + i2+"/name",schemaPath:"#/properties/env/items/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs112;
if(vErrors !== null){
if(_errs112){
vErrors.length = _errs112;
}
else {
vErrors = null;
}
}
}
var valid22 = _errs111 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data19.value !== undefined){
let data21 = data19.value;
const _errs117 = errors;
const _errs118 = errors;
let valid24 = false;
const _errs119 = errors;
if(typeof data21 !== "string"){
const err56 = {instancePath:instancePath+"/env/" + i2+"/value",schemaPath:"#/properties/env/items/properties/value/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid17 = _errs119 === errors;
valid24 = valid24 || _valid17;
if(!valid24){
const _errs121 = errors;
if(!(typeof data21 == "number")){
const err57 = {instancePath:instancePath+"/env/" + i2+"/value",schemaPath:"#/properties/env/items/properties/value/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid17 = _errs121 === errors;
valid24 = valid24 || _valid17;
}
if(!valid24){
const err58 = {instancePath:instancePath+"/env/" + i2+"/value",schemaPath:"#/properties/env/items/properties/value/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs118;
if(vErrors !== null){
if(_errs118){
vErrors.length = _errs118;
}
else {
vErrors = null;
}
}
}
var valid22 = _errs117 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data19.valueFrom !== undefined){
let data22 = data19.valueFrom;
const _errs123 = errors;
if(errors === _errs123){
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
const _errs125 = errors;
for(const key4 in data22){
if(!(((key4 === "secretKeyRef") || (key4 === "configMapKeyRef")) || (key4 === "fieldRef"))){
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom",schemaPath:"#/properties/env/items/properties/valueFrom/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs125 === errors){
if(data22.secretKeyRef !== undefined){
let data23 = data22.secretKeyRef;
const _errs126 = errors;
if(errors === _errs126){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
let missing2;
if(((data23.name === undefined) && (missing2 = "name")) || ((data23.key === undefined) && (missing2 = "key"))){
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs128 = errors;
for(const key5 in data23){
if(!(((key5 === "name") || (key5 === "key")) || (key5 === "optional"))){
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs128 === errors){
if(data23.name !== undefined){
let data24 = data23.name;
const _errs129 = errors;
const _errs130 = errors;
let valid27 = false;
const _errs131 = errors;
if(typeof data24 !== "string"){
const err59 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/name",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
var _valid18 = _errs131 === errors;
valid27 = valid27 || _valid18;
if(!valid27){
const _errs133 = errors;
if(!(typeof data24 == "number")){
const err60 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/name",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
var _valid18 = _errs133 === errors;
valid27 = valid27 || _valid18;
}
if(!valid27){
const err61 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/name",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs130;
if(vErrors !== null){
if(_errs130){
vErrors.length = _errs130;
}
else {
vErrors = null;
}
}
}
var valid26 = _errs129 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data23.key !== undefined){
let data25 = data23.key;
const _errs135 = errors;
const _errs136 = errors;
let valid28 = false;
const _errs137 = errors;
if(typeof data25 !== "string"){
const err62 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/key",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/key/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid19 = _errs137 === errors;
valid28 = valid28 || _valid19;
if(!valid28){
const _errs139 = errors;
if(!(typeof data25 == "number")){
const err63 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/key",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/key/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var _valid19 = _errs139 === errors;
valid28 = valid28 || _valid19;
}
if(!valid28){
const err64 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/key",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/key/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs136;
if(vErrors !== null){
if(_errs136){
vErrors.length = _errs136;
}
else {
vErrors = null;
}
}
}
var valid26 = _errs135 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data23.optional !== undefined){
let data26 = data23.optional;
const _errs141 = errors;
const _errs142 = errors;
let valid29 = false;
const _errs143 = errors;
if(typeof data26 !== "boolean"){
const err65 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/optional",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/optional/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
var _valid20 = _errs143 === errors;
valid29 = valid29 || _valid20;
if(!valid29){
const _errs145 = errors;
if(typeof data26 !== "string"){
const err66 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/optional",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/optional/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
var _valid20 = _errs145 === errors;
valid29 = valid29 || _valid20;
}
if(!valid29){
const err67 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef/optional",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/properties/optional/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs142;
if(vErrors !== null){
if(_errs142){
vErrors.length = _errs142;
}
else {
vErrors = null;
}
}
}
var valid26 = _errs141 === errors;
}
else {
var valid26 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/secretKeyRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/secretKeyRef/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid25 = _errs126 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data22.configMapKeyRef !== undefined){
let data27 = data22.configMapKeyRef;
const _errs147 = errors;
if(errors === _errs147){
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
let missing3;
if(((data27.name === undefined) && (missing3 = "name")) || ((data27.key === undefined) && (missing3 = "key"))){
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs149 = errors;
for(const key6 in data27){
if(!(((key6 === "name") || (key6 === "key")) || (key6 === "optional"))){
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs149 === errors){
if(data27.name !== undefined){
let data28 = data27.name;
const _errs150 = errors;
const _errs151 = errors;
let valid31 = false;
const _errs152 = errors;
if(typeof data28 !== "string"){
const err68 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/name",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
var _valid21 = _errs152 === errors;
valid31 = valid31 || _valid21;
if(!valid31){
const _errs154 = errors;
if(!(typeof data28 == "number")){
const err69 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/name",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid21 = _errs154 === errors;
valid31 = valid31 || _valid21;
}
if(!valid31){
const err70 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/name",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs151;
if(vErrors !== null){
if(_errs151){
vErrors.length = _errs151;
}
else {
vErrors = null;
}
}
}
var valid30 = _errs150 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data27.key !== undefined){
let data29 = data27.key;
const _errs156 = errors;
const _errs157 = errors;
let valid32 = false;
const _errs158 = errors;
if(typeof data29 !== "string"){
const err71 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/key",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/key/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
var _valid22 = _errs158 === errors;
valid32 = valid32 || _valid22;
if(!valid32){
const _errs160 = errors;
if(!(typeof data29 == "number")){
const err72 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/key",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/key/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid22 = _errs160 === errors;
valid32 = valid32 || _valid22;
}
if(!valid32){
const err73 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/key",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/key/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs157;
if(vErrors !== null){
if(_errs157){
vErrors.length = _errs157;
}
else {
vErrors = null;
}
}
}
var valid30 = _errs156 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data27.optional !== undefined){
let data30 = data27.optional;
const _errs162 = errors;
const _errs163 = errors;
let valid33 = false;
const _errs164 = errors;
if(typeof data30 !== "boolean"){
const err74 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/optional",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/optional/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
var _valid23 = _errs164 === errors;
valid33 = valid33 || _valid23;
if(!valid33){
const _errs166 = errors;
if(typeof data30 !== "string"){
const err75 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/optional",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/optional/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
var _valid23 = _errs166 === errors;
valid33 = valid33 || _valid23;
}
if(!valid33){
const err76 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef/optional",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/properties/optional/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs163;
if(vErrors !== null){
if(_errs163){
vErrors.length = _errs163;
}
else {
vErrors = null;
}
}
}
var valid30 = _errs162 === errors;
}
else {
var valid30 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/configMapKeyRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/configMapKeyRef/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid25 = _errs147 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data22.fieldRef !== undefined){
let data31 = data22.fieldRef;
const _errs168 = errors;
if(errors === _errs168){
if(data31 && typeof data31 == "object" && !Array.isArray(data31)){
let missing4;
if((data31.fieldPath === undefined) && (missing4 = "fieldPath")){
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/fieldRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/fieldRef/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"}];
return false;
}
else {
const _errs170 = errors;
for(const key7 in data31){
if(!(key7 === "fieldPath")){
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/fieldRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/fieldRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs170 === errors){
if(data31.fieldPath !== undefined){
let data32 = data31.fieldPath;
const _errs172 = errors;
let valid35 = false;
const _errs173 = errors;
if(typeof data32 !== "string"){
const err77 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/fieldRef/fieldPath",schemaPath:"#/properties/env/items/properties/valueFrom/properties/fieldRef/properties/fieldPath/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
var _valid24 = _errs173 === errors;
valid35 = valid35 || _valid24;
if(!valid35){
const _errs175 = errors;
if(!(typeof data32 == "number")){
const err78 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/fieldRef/fieldPath",schemaPath:"#/properties/env/items/properties/valueFrom/properties/fieldRef/properties/fieldPath/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
var _valid24 = _errs175 === errors;
valid35 = valid35 || _valid24;
}
if(!valid35){
const err79 = {instancePath:instancePath+"/env/" + i2+"/valueFrom/fieldRef/fieldPath",schemaPath:"#/properties/env/items/properties/valueFrom/properties/fieldRef/properties/fieldPath/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs172;
if(vErrors !== null){
if(_errs172){
vErrors.length = _errs172;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom/fieldRef",schemaPath:"#/properties/env/items/properties/valueFrom/properties/fieldRef/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid25 = _errs168 === errors;
}
else {
var valid25 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env/" + i2+"/valueFrom",schemaPath:"#/properties/env/items/properties/valueFrom/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid22 = _errs123 === errors;
}
else {
var valid22 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env/" + i2,schemaPath:"#/properties/env/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid21 = _errs108 === errors;
if(!valid21){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env",schemaPath:"#/properties/env/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs106 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.envFrom !== undefined){
let data33 = data.envFrom;
const _errs177 = errors;
if(errors === _errs177){
if(Array.isArray(data33)){
var valid36 = true;
const len3 = data33.length;
for(let i3=0; i3<len3; i3++){
let data34 = data33[i3];
const _errs179 = errors;
if(errors === _errs179){
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
const _errs181 = errors;
for(const key8 in data34){
if(!(((key8 === "configMapRef") || (key8 === "secretRef")) || (key8 === "prefix"))){
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3,schemaPath:"#/properties/envFrom/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs181 === errors){
if(data34.configMapRef !== undefined){
let data35 = data34.configMapRef;
const _errs182 = errors;
if(errors === _errs182){
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
let missing5;
if((data35.name === undefined) && (missing5 = "name")){
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3+"/configMapRef",schemaPath:"#/properties/envFrom/items/properties/configMapRef/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"}];
return false;
}
else {
const _errs184 = errors;
for(const key9 in data35){
if(!((key9 === "name") || (key9 === "optional"))){
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3+"/configMapRef",schemaPath:"#/properties/envFrom/items/properties/configMapRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs184 === errors){
if(data35.name !== undefined){
let data36 = data35.name;
const _errs185 = errors;
const _errs186 = errors;
let valid39 = false;
const _errs187 = errors;
if(typeof data36 !== "string"){
const err80 = {instancePath:instancePath+"/envFrom/" + i3+"/configMapRef/name",schemaPath:"#/properties/envFrom/items/properties/configMapRef/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
var _valid25 = _errs187 === errors;
valid39 = valid39 || _valid25;
if(!valid39){
const _errs189 = errors;
if(!(typeof data36 == "number")){
const err81 = {instancePath:instancePath+"/envFrom/" + i3+"/configMapRef/name",schemaPath:"#/properties/envFrom/items/properties/configMapRef/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
var _valid25 = _errs189 === errors;
valid39 = valid39 || _valid25;
}
if(!valid39){
const err82 = {instancePath:instancePath+"/envFrom/" + i3+"/configMapRef/name",schemaPath:"#/properties/envFrom/items/properties/configMapRef/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs186;
if(vErrors !== null){
if(_errs186){
vErrors.length = _errs186;
}
else {
vErrors = null;
}
}
}
var valid38 = _errs185 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data35.optional !== undefined){
let data37 = data35.optional;
const _errs191 = errors;
const _errs192 = errors;
let valid40 = false;
const _errs193 = errors;
if(typeof data37 !== "boolean"){
const err83 = {instancePath:instancePath+"/envFrom/" + i3+"/configMapRef/optional",schemaPath:"#/properties/envFrom/items/properties/configMapRef/properties/optional/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
var _valid26 = _errs193 === errors;
valid40 = valid40 || _valid26;
if(!valid40){
const _errs195 = errors;
if(typeof data37 !== "string"){
const err84 = {instancePath:instancePath+"/envFrom/" + i3+"/configMapRef/optional",schemaPath:"#/properties/envFrom/items/properties/configMapRef/properties/optional/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
var _valid26 = _errs195 === errors;
valid40 = valid40 || _valid26;
}
if(!valid40){
const err85 = {instancePath:instancePath+"/envFrom/" + i3+"/configMapRef/optional",schemaPath:"#/properties/envFrom/items/properties/configMapRef/properties/optional/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs192;
if(vErrors !== null){
if(_errs192){
vErrors.length = _errs192;
}
else {
vErrors = null;
}
}
}
var valid38 = _errs191 === errors;
}
else {
var valid38 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3+"/configMapRef",schemaPath:"#/properties/envFrom/items/properties/configMapRef/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid37 = _errs182 === errors;
}
else {
var valid37 = true;
}
if(valid37){
if(data34.secretRef !== undefined){
let data38 = data34.secretRef;
const _errs197 = errors;
if(errors === _errs197){
if(data38 && typeof data38 == "object" && !Array.isArray(data38)){
let missing6;
if((data38.name === undefined) && (missing6 = "name")){
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3+"/secretRef",schemaPath:"#/properties/envFrom/items/properties/secretRef/required",keyword:"required",params:{missingProperty: missing6},message:"must have required property '"+missing6+"'"}];
return false;
}
else {
const _errs199 = errors;
for(const key10 in data38){
if(!((key10 === "name") || (key10 === "optional"))){
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3+"/secretRef",schemaPath:"#/properties/envFrom/items/properties/secretRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs199 === errors){
if(data38.name !== undefined){
let data39 = data38.name;
const _errs200 = errors;
const _errs201 = errors;
let valid42 = false;
const _errs202 = errors;
if(typeof data39 !== "string"){
const err86 = {instancePath:instancePath+"/envFrom/" + i3+"/secretRef/name",schemaPath:"#/properties/envFrom/items/properties/secretRef/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
var _valid27 = _errs202 === errors;
valid42 = valid42 || _valid27;
if(!valid42){
const _errs204 = errors;
if(!(typeof data39 == "number")){
const err87 = {instancePath:instancePath+"/envFrom/" + i3+"/secretRef/name",schemaPath:"#/properties/envFrom/items/properties/secretRef/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
var _valid27 = _errs204 === errors;
valid42 = valid42 || _valid27;
}
if(!valid42){
const err88 = {instancePath:instancePath+"/envFrom/" + i3+"/secretRef/name",schemaPath:"#/properties/envFrom/items/properties/secretRef/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs201;
if(vErrors !== null){
if(_errs201){
vErrors.length = _errs201;
}
else {
vErrors = null;
}
}
}
var valid41 = _errs200 === errors;
}
else {
var valid41 = true;
}
if(valid41){
if(data38.optional !== undefined){
let data40 = data38.optional;
const _errs206 = errors;
const _errs207 = errors;
let valid43 = false;
const _errs208 = errors;
if(typeof data40 !== "boolean"){
const err89 = {instancePath:instancePath+"/envFrom/" + i3+"/secretRef/optional",schemaPath:"#/properties/envFrom/items/properties/secretRef/properties/optional/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
var _valid28 = _errs208 === errors;
valid43 = valid43 || _valid28;
if(!valid43){
const _errs210 = errors;
if(typeof data40 !== "string"){
const err90 = {instancePath:instancePath+"/envFrom/" + i3+"/secretRef/optional",schemaPath:"#/properties/envFrom/items/properties/secretRef/properties/optional/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
var _valid28 = _errs210 === errors;
valid43 = valid43 || _valid28;
}
if(!valid43){
const err91 = {instancePath:instancePath+"/envFrom/" + i3+"/secretRef/optional",schemaPath:"#/properties/envFrom/items/properties/secretRef/properties/optional/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs207;
if(vErrors !== null){
if(_errs207){
vErrors.length = _errs207;
}
else {
vErrors = null;
}
}
}
var valid41 = _errs206 === errors;
}
else {
var valid41 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3+"/secretRef",schemaPath:"#/properties/envFrom/items/properties/secretRef/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid37 = _errs197 === errors;
}
else {
var valid37 = true;
}
if(valid37){
if(data34.prefix !== undefined){
let data41 = data34.prefix;
const _errs212 = errors;
const _errs213 = errors;
let valid44 = false;
const _errs214 = errors;
if(typeof data41 !== "string"){
const err92 = {instancePath:instancePath+"/envFrom/" + i3+"/prefix",schemaPath:"#/properties/envFrom/items/properties/prefix/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
var _valid29 = _errs214 === errors;
valid44 = valid44 || _valid29;
if(!valid44){
const _errs216 = errors;
if(!(typeof data41 == "number")){
const err93 = {instancePath:instancePath+"/envFrom/" + i3+"/prefix",schemaPath:"#/properties/envFrom/items/properties/prefix/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
var _valid29 = _errs216 === errors;
valid44 = valid44 || _valid29;
}
if(!valid44){
const err94 = {instancePath:instancePath+"/envFrom/" + i3+"/prefix",schemaPath:"#/properties/envFrom/items/properties/prefix/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs213;
if(vErrors !== null){
if(_errs213){
vErrors.length = _errs213;
}
else {
vErrors = null;
}
}
}
var valid37 = _errs212 === errors;
}
else {
var valid37 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/envFrom/" + i3,schemaPath:"#/properties/envFrom/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid36 = _errs179 === errors;
if(!valid36){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/envFrom",schemaPath:"#/properties/envFrom/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs177 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.profile !== undefined){
let data42 = data.profile;
const _errs218 = errors;
const _errs219 = errors;
let valid45 = false;
const _errs220 = errors;
if(typeof data42 !== "string"){
const err95 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
var _valid30 = _errs220 === errors;
valid45 = valid45 || _valid30;
if(!valid45){
const _errs222 = errors;
if(!(typeof data42 == "number")){
const err96 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
var _valid30 = _errs222 === errors;
valid45 = valid45 || _valid30;
}
if(!valid45){
const err97 = {instancePath:instancePath+"/profile",schemaPath:"#/properties/profile/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs219;
if(vErrors !== null){
if(_errs219){
vErrors.length = _errs219;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs218 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.resources !== undefined){
let data43 = data.resources;
const _errs224 = errors;
if(errors === _errs224){
if(data43 && typeof data43 == "object" && !Array.isArray(data43)){
const _errs226 = errors;
for(const key11 in data43){
if(!((key11 === "requests") || (key11 === "limits"))){
validate10.errors = [{instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs226 === errors){
if(data43.requests !== undefined){
let data44 = data43.requests;
const _errs227 = errors;
if(errors === _errs227){
if(data44 && typeof data44 == "object" && !Array.isArray(data44)){
var valid47 = true;
for(const key12 in data44){
if(pattern0.test(key12)){
let data45 = data44[key12];
const _errs229 = errors;
const _errs230 = errors;
let valid48 = false;
const _errs231 = errors;
if(typeof data45 !== "string"){
const err98 = {instancePath:instancePath+"/resources/requests/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/requests/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
var _valid31 = _errs231 === errors;
valid48 = valid48 || _valid31;
if(!valid48){
const _errs233 = errors;
if(!(typeof data45 == "number")){
const err99 = {instancePath:instancePath+"/resources/requests/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/requests/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
var _valid31 = _errs233 === errors;
valid48 = valid48 || _valid31;
}
if(!valid48){
const err100 = {instancePath:instancePath+"/resources/requests/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/requests/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs230;
if(vErrors !== null){
if(_errs230){
vErrors.length = _errs230;
}
else {
vErrors = null;
}
}
}
var valid47 = _errs229 === errors;
if(!valid47){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/resources/requests",schemaPath:"#/properties/resources/properties/requests/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid46 = _errs227 === errors;
}
else {
var valid46 = true;
}
if(valid46){
if(data43.limits !== undefined){
let data46 = data43.limits;
const _errs235 = errors;
if(errors === _errs235){
if(data46 && typeof data46 == "object" && !Array.isArray(data46)){
var valid49 = true;
for(const key13 in data46){
if(pattern0.test(key13)){
let data47 = data46[key13];
const _errs237 = errors;
const _errs238 = errors;
let valid50 = false;
const _errs239 = errors;
if(typeof data47 !== "string"){
const err101 = {instancePath:instancePath+"/resources/limits/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/limits/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
var _valid32 = _errs239 === errors;
valid50 = valid50 || _valid32;
if(!valid50){
const _errs241 = errors;
if(!(typeof data47 == "number")){
const err102 = {instancePath:instancePath+"/resources/limits/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/limits/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
var _valid32 = _errs241 === errors;
valid50 = valid50 || _valid32;
}
if(!valid50){
const err103 = {instancePath:instancePath+"/resources/limits/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/limits/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs238;
if(vErrors !== null){
if(_errs238){
vErrors.length = _errs238;
}
else {
vErrors = null;
}
}
}
var valid49 = _errs237 === errors;
if(!valid49){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/resources/limits",schemaPath:"#/properties/resources/properties/limits/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid46 = _errs235 === errors;
}
else {
var valid46 = true;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs224 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.imagePullSecrets !== undefined){
let data48 = data.imagePullSecrets;
const _errs243 = errors;
if(errors === _errs243){
if(Array.isArray(data48)){
var valid51 = true;
const len4 = data48.length;
for(let i4=0; i4<len4; i4++){
let data49 = data48[i4];
const _errs245 = errors;
const _errs246 = errors;
let valid52 = false;
const _errs247 = errors;
if(typeof data49 !== "string"){
const err104 = {instancePath:instancePath+"/imagePullSecrets/" + i4,schemaPath:"#/properties/imagePullSecrets/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
var _valid33 = _errs247 === errors;
valid52 = valid52 || _valid33;
if(!valid52){
const _errs249 = errors;
if(!(typeof data49 == "number")){
const err105 = {instancePath:instancePath+"/imagePullSecrets/" + i4,schemaPath:"#/properties/imagePullSecrets/items/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
var _valid33 = _errs249 === errors;
valid52 = valid52 || _valid33;
}
if(!valid52){
const err106 = {instancePath:instancePath+"/imagePullSecrets/" + i4,schemaPath:"#/properties/imagePullSecrets/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs246;
if(vErrors !== null){
if(_errs246){
vErrors.length = _errs246;
}
else {
vErrors = null;
}
}
}
var valid51 = _errs245 === errors;
if(!valid51){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/imagePullSecrets",schemaPath:"#/properties/imagePullSecrets/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs243 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.serviceAccountName !== undefined){
let data50 = data.serviceAccountName;
const _errs251 = errors;
const _errs252 = errors;
let valid53 = false;
const _errs253 = errors;
if(typeof data50 !== "string"){
const err107 = {instancePath:instancePath+"/serviceAccountName",schemaPath:"#/properties/serviceAccountName/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
var _valid34 = _errs253 === errors;
valid53 = valid53 || _valid34;
if(!valid53){
const _errs255 = errors;
if(!(typeof data50 == "number")){
const err108 = {instancePath:instancePath+"/serviceAccountName",schemaPath:"#/properties/serviceAccountName/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
var _valid34 = _errs255 === errors;
valid53 = valid53 || _valid34;
}
if(!valid53){
const err109 = {instancePath:instancePath+"/serviceAccountName",schemaPath:"#/properties/serviceAccountName/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs252;
if(vErrors !== null){
if(_errs252){
vErrors.length = _errs252;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs251 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.nodeSelector !== undefined){
let data51 = data.nodeSelector;
const _errs257 = errors;
if(errors === _errs257){
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
var valid54 = true;
for(const key14 in data51){
if(pattern0.test(key14)){
let data52 = data51[key14];
const _errs259 = errors;
const _errs260 = errors;
let valid55 = false;
const _errs261 = errors;
if(typeof data52 !== "string"){
const err110 = {instancePath:instancePath+"/nodeSelector/" + key14.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/nodeSelector/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
var _valid35 = _errs261 === errors;
valid55 = valid55 || _valid35;
if(!valid55){
const _errs263 = errors;
if(!(typeof data52 == "number")){
const err111 = {instancePath:instancePath+"/nodeSelector/" + key14.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/nodeSelector/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
var _valid35 = _errs263 === errors;
valid55 = valid55 || _valid35;
if(!valid55){
const _errs265 = errors;
if(typeof data52 !== "boolean"){
const err112 = {instancePath:instancePath+"/nodeSelector/" + key14.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/nodeSelector/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
var _valid35 = _errs265 === errors;
valid55 = valid55 || _valid35;
}
}
if(!valid55){
const err113 = {instancePath:instancePath+"/nodeSelector/" + key14.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/nodeSelector/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs260;
if(vErrors !== null){
if(_errs260){
vErrors.length = _errs260;
}
else {
vErrors = null;
}
}
}
var valid54 = _errs259 === errors;
if(!valid54){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/nodeSelector",schemaPath:"#/properties/nodeSelector/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs257 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.probes !== undefined){
let data53 = data.probes;
const _errs267 = errors;
if(errors === _errs267){
if(data53 && typeof data53 == "object" && !Array.isArray(data53)){
const _errs269 = errors;
for(const key15 in data53){
if(!(((key15 === "liveness") || (key15 === "readiness")) || (key15 === "startup"))){
validate10.errors = [{instancePath:instancePath+"/probes",schemaPath:"#/properties/probes/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key15},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs269 === errors){
if(data53.liveness !== undefined){
let data54 = data53.liveness;
const _errs270 = errors;
if(errors === _errs270){
if(data54 && typeof data54 == "object" && !Array.isArray(data54)){
const _errs272 = errors;
for(const key16 in data54){
if(!((((((((key16 === "httpGet") || (key16 === "tcpSocket")) || (key16 === "exec")) || (key16 === "initialDelaySeconds")) || (key16 === "periodSeconds")) || (key16 === "timeoutSeconds")) || (key16 === "failureThreshold")) || (key16 === "successThreshold"))){
validate10.errors = [{instancePath:instancePath+"/probes/liveness",schemaPath:"#/properties/probes/properties/liveness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key16},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs272 === errors){
if(data54.httpGet !== undefined){
let data55 = data54.httpGet;
const _errs273 = errors;
if(errors === _errs273){
if(data55 && typeof data55 == "object" && !Array.isArray(data55)){
let missing7;
if((data55.port === undefined) && (missing7 = "port")){
validate10.errors = [{instancePath:instancePath+"/probes/liveness/httpGet",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'"}];
return false;
}
else {
const _errs275 = errors;
for(const key17 in data55){
if(!(((key17 === "path") || (key17 === "port")) || (key17 === "scheme"))){
validate10.errors = [{instancePath:instancePath+"/probes/liveness/httpGet",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs275 === errors){
if(data55.path !== undefined){
let data56 = data55.path;
const _errs276 = errors;
const _errs277 = errors;
let valid59 = false;
const _errs278 = errors;
if(typeof data56 !== "string"){
const err114 = {instancePath:instancePath+"/probes/liveness/httpGet/path",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/path/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
var _valid36 = _errs278 === errors;
valid59 = valid59 || _valid36;
if(!valid59){
const _errs280 = errors;
if(!(typeof data56 == "number")){
const err115 = {instancePath:instancePath+"/probes/liveness/httpGet/path",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/path/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
var _valid36 = _errs280 === errors;
valid59 = valid59 || _valid36;
}
if(!valid59){
const err116 = {instancePath:instancePath+"/probes/liveness/httpGet/path",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/path/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs277;
if(vErrors !== null){
if(_errs277){
vErrors.length = _errs277;
}
else {
vErrors = null;
}
}
}
var valid58 = _errs276 === errors;
}
else {
var valid58 = true;
}
if(valid58){
if(data55.port !== undefined){
let data57 = data55.port;
const _errs282 = errors;
const _errs283 = errors;
let valid60 = false;
const _errs284 = errors;
if(!((typeof data57 == "number") && (!(data57 % 1) && !isNaN(data57)))){
const err117 = {instancePath:instancePath+"/probes/liveness/httpGet/port",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
if(errors === _errs284){
if(typeof data57 == "number"){
if(data57 > 65535 || isNaN(data57)){
const err118 = {instancePath:instancePath+"/probes/liveness/httpGet/port",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
else {
if(data57 < 1 || isNaN(data57)){
const err119 = {instancePath:instancePath+"/probes/liveness/httpGet/port",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
}
}
}
var _valid37 = _errs284 === errors;
valid60 = valid60 || _valid37;
if(!valid60){
const _errs286 = errors;
if(typeof data57 !== "string"){
const err120 = {instancePath:instancePath+"/probes/liveness/httpGet/port",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
var _valid37 = _errs286 === errors;
valid60 = valid60 || _valid37;
}
if(!valid60){
const err121 = {instancePath:instancePath+"/probes/liveness/httpGet/port",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs283;
if(vErrors !== null){
if(_errs283){
vErrors.length = _errs283;
}
else {
vErrors = null;
}
}
}
var valid58 = _errs282 === errors;
}
else {
var valid58 = true;
}
if(valid58){
if(data55.scheme !== undefined){
let data58 = data55.scheme;
const _errs288 = errors;
const _errs289 = errors;
let valid61 = false;
const _errs290 = errors;
if(typeof data58 !== "string"){
const err122 = {instancePath:instancePath+"/probes/liveness/httpGet/scheme",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/scheme/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
var _valid38 = _errs290 === errors;
valid61 = valid61 || _valid38;
if(!valid61){
const _errs292 = errors;
if(!(typeof data58 == "number")){
const err123 = {instancePath:instancePath+"/probes/liveness/httpGet/scheme",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/scheme/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
var _valid38 = _errs292 === errors;
valid61 = valid61 || _valid38;
}
if(!valid61){
const err124 = {instancePath:instancePath+"/probes/liveness/httpGet/scheme",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/properties/scheme/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs289;
if(vErrors !== null){
if(_errs289){
vErrors.length = _errs289;
}
else {
vErrors = null;
}
}
}
var valid58 = _errs288 === errors;
}
else {
var valid58 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/liveness/httpGet",schemaPath:"#/properties/probes/properties/liveness/properties/httpGet/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid57 = _errs273 === errors;
}
else {
var valid57 = true;
}
if(valid57){
if(data54.tcpSocket !== undefined){
let data59 = data54.tcpSocket;
const _errs294 = errors;
if(errors === _errs294){
if(data59 && typeof data59 == "object" && !Array.isArray(data59)){
let missing8;
if((data59.port === undefined) && (missing8 = "port")){
validate10.errors = [{instancePath:instancePath+"/probes/liveness/tcpSocket",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/required",keyword:"required",params:{missingProperty: missing8},message:"must have required property '"+missing8+"'"}];
return false;
}
else {
const _errs296 = errors;
for(const key18 in data59){
if(!(key18 === "port")){
validate10.errors = [{instancePath:instancePath+"/probes/liveness/tcpSocket",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key18},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs296 === errors){
if(data59.port !== undefined){
let data60 = data59.port;
const _errs298 = errors;
let valid63 = false;
const _errs299 = errors;
if(!((typeof data60 == "number") && (!(data60 % 1) && !isNaN(data60)))){
const err125 = {instancePath:instancePath+"/probes/liveness/tcpSocket/port",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
if(errors === _errs299){
if(typeof data60 == "number"){
if(data60 > 65535 || isNaN(data60)){
const err126 = {instancePath:instancePath+"/probes/liveness/tcpSocket/port",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
else {
if(data60 < 1 || isNaN(data60)){
const err127 = {instancePath:instancePath+"/probes/liveness/tcpSocket/port",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
}
}
var _valid39 = _errs299 === errors;
valid63 = valid63 || _valid39;
if(!valid63){
const _errs301 = errors;
if(typeof data60 !== "string"){
const err128 = {instancePath:instancePath+"/probes/liveness/tcpSocket/port",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
var _valid39 = _errs301 === errors;
valid63 = valid63 || _valid39;
}
if(!valid63){
const err129 = {instancePath:instancePath+"/probes/liveness/tcpSocket/port",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs298;
if(vErrors !== null){
if(_errs298){
vErrors.length = _errs298;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/liveness/tcpSocket",schemaPath:"#/properties/probes/properties/liveness/properties/tcpSocket/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid57 = _errs294 === errors;
}
else {
var valid57 = true;
}
if(valid57){
if(data54.exec !== undefined){
let data61 = data54.exec;
const _errs303 = errors;
if(errors === _errs303){
if(data61 && typeof data61 == "object" && !Array.isArray(data61)){
let missing9;
if((data61.command === undefined) && (missing9 = "command")){
validate10.errors = [{instancePath:instancePath+"/probes/liveness/exec",schemaPath:"#/properties/probes/properties/liveness/properties/exec/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'"}];
return false;
}
else {
const _errs305 = errors;
for(const key19 in data61){
if(!(key19 === "command")){
validate10.errors = [{instancePath:instancePath+"/probes/liveness/exec",schemaPath:"#/properties/probes/properties/liveness/properties/exec/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key19},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs305 === errors){
if(data61.command !== undefined){
let data62 = data61.command;
const _errs307 = errors;
let valid65 = false;
const _errs308 = errors;
if(errors === _errs308){
if(Array.isArray(data62)){
var valid66 = true;
const len5 = data62.length;
for(let i5=0; i5<len5; i5++){
let data63 = data62[i5];
const _errs310 = errors;
const _errs311 = errors;
let valid67 = false;
const _errs312 = errors;
if(typeof data63 !== "string"){
const err130 = {instancePath:instancePath+"/probes/liveness/exec/command/" + i5,schemaPath:"#/properties/probes/properties/liveness/properties/exec/properties/command/anyOf/0/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
var _valid41 = _errs312 === errors;
valid67 = valid67 || _valid41;
if(!valid67){
const _errs314 = errors;
if(!(typeof data63 == "number")){
const err131 = {instancePath:instancePath+"/probes/liveness/exec/command/" + i5,schemaPath:"#/properties/probes/properties/liveness/properties/exec/properties/command/anyOf/0/items/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
var _valid41 = _errs314 === errors;
valid67 = valid67 || _valid41;
}
if(!valid67){
const err132 = {instancePath:instancePath+"/probes/liveness/exec/command/" + i5,schemaPath:"#/properties/probes/properties/liveness/properties/exec/properties/command/anyOf/0/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
else {
errors = _errs311;
if(vErrors !== null){
if(_errs311){
vErrors.length = _errs311;
}
else {
vErrors = null;
}
}
}
var valid66 = _errs310 === errors;
if(!valid66){
break;
}
}
}
else {
const err133 = {instancePath:instancePath+"/probes/liveness/exec/command",schemaPath:"#/properties/probes/properties/liveness/properties/exec/properties/command/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
var _valid40 = _errs308 === errors;
valid65 = valid65 || _valid40;
if(!valid65){
const _errs316 = errors;
if(typeof data62 !== "string"){
const err134 = {instancePath:instancePath+"/probes/liveness/exec/command",schemaPath:"#/properties/probes/properties/liveness/properties/exec/properties/command/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
var _valid40 = _errs316 === errors;
valid65 = valid65 || _valid40;
}
if(!valid65){
const err135 = {instancePath:instancePath+"/probes/liveness/exec/command",schemaPath:"#/properties/probes/properties/liveness/properties/exec/properties/command/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs307;
if(vErrors !== null){
if(_errs307){
vErrors.length = _errs307;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/liveness/exec",schemaPath:"#/properties/probes/properties/liveness/properties/exec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid57 = _errs303 === errors;
}
else {
var valid57 = true;
}
if(valid57){
if(data54.initialDelaySeconds !== undefined){
let data64 = data54.initialDelaySeconds;
const _errs318 = errors;
const _errs319 = errors;
let valid68 = false;
const _errs320 = errors;
if(!((typeof data64 == "number") && (!(data64 % 1) && !isNaN(data64)))){
const err136 = {instancePath:instancePath+"/probes/liveness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/liveness/properties/initialDelaySeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
if(errors === _errs320){
if(typeof data64 == "number"){
if(data64 < 0 || isNaN(data64)){
const err137 = {instancePath:instancePath+"/probes/liveness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/liveness/properties/initialDelaySeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
}
}
var _valid42 = _errs320 === errors;
valid68 = valid68 || _valid42;
if(!valid68){
const _errs322 = errors;
if(typeof data64 !== "string"){
const err138 = {instancePath:instancePath+"/probes/liveness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/liveness/properties/initialDelaySeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
var _valid42 = _errs322 === errors;
valid68 = valid68 || _valid42;
}
if(!valid68){
const err139 = {instancePath:instancePath+"/probes/liveness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/liveness/properties/initialDelaySeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs319;
if(vErrors !== null){
if(_errs319){
vErrors.length = _errs319;
}
else {
vErrors = null;
}
}
}
var valid57 = _errs318 === errors;
}
else {
var valid57 = true;
}
if(valid57){
if(data54.periodSeconds !== undefined){
let data65 = data54.periodSeconds;
const _errs324 = errors;
const _errs325 = errors;
let valid69 = false;
const _errs326 = errors;
if(!((typeof data65 == "number") && (!(data65 % 1) && !isNaN(data65)))){
const err140 = {instancePath:instancePath+"/probes/liveness/periodSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/periodSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
if(errors === _errs326){
if(typeof data65 == "number"){
if(data65 < 1 || isNaN(data65)){
const err141 = {instancePath:instancePath+"/probes/liveness/periodSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/periodSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
}
var _valid43 = _errs326 === errors;
valid69 = valid69 || _valid43;
if(!valid69){
const _errs328 = errors;
if(typeof data65 !== "string"){
const err142 = {instancePath:instancePath+"/probes/liveness/periodSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/periodSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
var _valid43 = _errs328 === errors;
valid69 = valid69 || _valid43;
}
if(!valid69){
const err143 = {instancePath:instancePath+"/probes/liveness/periodSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/periodSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs325;
if(vErrors !== null){
if(_errs325){
vErrors.length = _errs325;
}
else {
vErrors = null;
}
}
}
var valid57 = _errs324 === errors;
}
else {
var valid57 = true;
}
if(valid57){
if(data54.timeoutSeconds !== undefined){
let data66 = data54.timeoutSeconds;
const _errs330 = errors;
const _errs331 = errors;
let valid70 = false;
const _errs332 = errors;
if(!((typeof data66 == "number") && (!(data66 % 1) && !isNaN(data66)))){
const err144 = {instancePath:instancePath+"/probes/liveness/timeoutSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/timeoutSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
if(errors === _errs332){
if(typeof data66 == "number"){
if(data66 < 1 || isNaN(data66)){
const err145 = {instancePath:instancePath+"/probes/liveness/timeoutSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/timeoutSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
}
var _valid44 = _errs332 === errors;
valid70 = valid70 || _valid44;
if(!valid70){
const _errs334 = errors;
if(typeof data66 !== "string"){
const err146 = {instancePath:instancePath+"/probes/liveness/timeoutSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/timeoutSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
var _valid44 = _errs334 === errors;
valid70 = valid70 || _valid44;
}
if(!valid70){
const err147 = {instancePath:instancePath+"/probes/liveness/timeoutSeconds",schemaPath:"#/properties/probes/properties/liveness/properties/timeoutSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs331;
if(vErrors !== null){
if(_errs331){
vErrors.length = _errs331;
}
else {
vErrors = null;
}
}
}
var valid57 = _errs330 === errors;
}
else {
var valid57 = true;
}
if(valid57){
if(data54.failureThreshold !== undefined){
let data67 = data54.failureThreshold;
const _errs336 = errors;
const _errs337 = errors;
let valid71 = false;
const _errs338 = errors;
if(!((typeof data67 == "number") && (!(data67 % 1) && !isNaN(data67)))){
const err148 = {instancePath:instancePath+"/probes/liveness/failureThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/failureThreshold/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
if(errors === _errs338){
if(typeof data67 == "number"){
if(data67 < 1 || isNaN(data67)){
const err149 = {instancePath:instancePath+"/probes/liveness/failureThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/failureThreshold/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
}
}
var _valid45 = _errs338 === errors;
valid71 = valid71 || _valid45;
if(!valid71){
const _errs340 = errors;
if(typeof data67 !== "string"){
const err150 = {instancePath:instancePath+"/probes/liveness/failureThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/failureThreshold/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
var _valid45 = _errs340 === errors;
valid71 = valid71 || _valid45;
}
if(!valid71){
const err151 = {instancePath:instancePath+"/probes/liveness/failureThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/failureThreshold/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs337;
if(vErrors !== null){
if(_errs337){
vErrors.length = _errs337;
}
else {
vErrors = null;
}
}
}
var valid57 = _errs336 === errors;
}
else {
var valid57 = true;
}
if(valid57){
if(data54.successThreshold !== undefined){
let data68 = data54.successThreshold;
const _errs342 = errors;
const _errs343 = errors;
let valid72 = false;
const _errs344 = errors;
if(!((typeof data68 == "number") && (!(data68 % 1) && !isNaN(data68)))){
const err152 = {instancePath:instancePath+"/probes/liveness/successThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/successThreshold/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
if(errors === _errs344){
if(typeof data68 == "number"){
if(data68 < 1 || isNaN(data68)){
const err153 = {instancePath:instancePath+"/probes/liveness/successThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/successThreshold/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
}
var _valid46 = _errs344 === errors;
valid72 = valid72 || _valid46;
if(!valid72){
const _errs346 = errors;
if(typeof data68 !== "string"){
const err154 = {instancePath:instancePath+"/probes/liveness/successThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/successThreshold/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
var _valid46 = _errs346 === errors;
valid72 = valid72 || _valid46;
}
if(!valid72){
const err155 = {instancePath:instancePath+"/probes/liveness/successThreshold",schemaPath:"#/properties/probes/properties/liveness/properties/successThreshold/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs343;
if(vErrors !== null){
if(_errs343){
vErrors.length = _errs343;
}
else {
vErrors = null;
}
}
}
var valid57 = _errs342 === errors;
}
else {
var valid57 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/liveness",schemaPath:"#/properties/probes/properties/liveness/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid56 = _errs270 === errors;
}
else {
var valid56 = true;
}
if(valid56){
if(data53.readiness !== undefined){
let data69 = data53.readiness;
const _errs348 = errors;
if(errors === _errs348){
if(data69 && typeof data69 == "object" && !Array.isArray(data69)){
const _errs350 = errors;
for(const key20 in data69){
if(!((((((((key20 === "httpGet") || (key20 === "tcpSocket")) || (key20 === "exec")) || (key20 === "initialDelaySeconds")) || (key20 === "periodSeconds")) || (key20 === "timeoutSeconds")) || (key20 === "failureThreshold")) || (key20 === "successThreshold"))){
validate10.errors = [{instancePath:instancePath+"/probes/readiness",schemaPath:"#/properties/probes/properties/readiness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key20},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs350 === errors){
if(data69.httpGet !== undefined){
let data70 = data69.httpGet;
const _errs351 = errors;
if(errors === _errs351){
if(data70 && typeof data70 == "object" && !Array.isArray(data70)){
let missing10;
if((data70.port === undefined) && (missing10 = "port")){
validate10.errors = [{instancePath:instancePath+"/probes/readiness/httpGet",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/required",keyword:"required",params:{missingProperty: missing10},message:"must have required property '"+missing10+"'"}];
return false;
}
else {
const _errs353 = errors;
for(const key21 in data70){
if(!(((key21 === "path") || (key21 === "port")) || (key21 === "scheme"))){
validate10.errors = [{instancePath:instancePath+"/probes/readiness/httpGet",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key21},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs353 === errors){
if(data70.path !== undefined){
let data71 = data70.path;
const _errs354 = errors;
const _errs355 = errors;
let valid75 = false;
const _errs356 = errors;
if(typeof data71 !== "string"){
const err156 = {instancePath:instancePath+"/probes/readiness/httpGet/path",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/path/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
var _valid47 = _errs356 === errors;
valid75 = valid75 || _valid47;
if(!valid75){
const _errs358 = errors;
if(!(typeof data71 == "number")){
const err157 = {instancePath:instancePath+"/probes/readiness/httpGet/path",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/path/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
var _valid47 = _errs358 === errors;
valid75 = valid75 || _valid47;
}
if(!valid75){
const err158 = {instancePath:instancePath+"/probes/readiness/httpGet/path",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/path/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs355;
if(vErrors !== null){
if(_errs355){
vErrors.length = _errs355;
}
else {
vErrors = null;
}
}
}
var valid74 = _errs354 === errors;
}
else {
var valid74 = true;
}
if(valid74){
if(data70.port !== undefined){
let data72 = data70.port;
const _errs360 = errors;
const _errs361 = errors;
let valid76 = false;
const _errs362 = errors;
if(!((typeof data72 == "number") && (!(data72 % 1) && !isNaN(data72)))){
const err159 = {instancePath:instancePath+"/probes/readiness/httpGet/port",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
if(errors === _errs362){
if(typeof data72 == "number"){
if(data72 > 65535 || isNaN(data72)){
const err160 = {instancePath:instancePath+"/probes/readiness/httpGet/port",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
else {
if(data72 < 1 || isNaN(data72)){
const err161 = {instancePath:instancePath+"/probes/readiness/httpGet/port",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
}
}
}
var _valid48 = _errs362 === errors;
valid76 = valid76 || _valid48;
if(!valid76){
const _errs364 = errors;
if(typeof data72 !== "string"){
const err162 = {instancePath:instancePath+"/probes/readiness/httpGet/port",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
var _valid48 = _errs364 === errors;
valid76 = valid76 || _valid48;
}
if(!valid76){
const err163 = {instancePath:instancePath+"/probes/readiness/httpGet/port",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs361;
if(vErrors !== null){
if(_errs361){
vErrors.length = _errs361;
}
else {
vErrors = null;
}
}
}
var valid74 = _errs360 === errors;
}
else {
var valid74 = true;
}
if(valid74){
if(data70.scheme !== undefined){
let data73 = data70.scheme;
const _errs366 = errors;
const _errs367 = errors;
let valid77 = false;
const _errs368 = errors;
if(typeof data73 !== "string"){
const err164 = {instancePath:instancePath+"/probes/readiness/httpGet/scheme",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/scheme/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
var _valid49 = _errs368 === errors;
valid77 = valid77 || _valid49;
if(!valid77){
const _errs370 = errors;
if(!(typeof data73 == "number")){
const err165 = {instancePath:instancePath+"/probes/readiness/httpGet/scheme",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/scheme/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
var _valid49 = _errs370 === errors;
valid77 = valid77 || _valid49;
}
if(!valid77){
const err166 = {instancePath:instancePath+"/probes/readiness/httpGet/scheme",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/properties/scheme/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs367;
if(vErrors !== null){
if(_errs367){
vErrors.length = _errs367;
}
else {
vErrors = null;
}
}
}
var valid74 = _errs366 === errors;
}
else {
var valid74 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/readiness/httpGet",schemaPath:"#/properties/probes/properties/readiness/properties/httpGet/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid73 = _errs351 === errors;
}
else {
var valid73 = true;
}
if(valid73){
if(data69.tcpSocket !== undefined){
let data74 = data69.tcpSocket;
const _errs372 = errors;
if(errors === _errs372){
if(data74 && typeof data74 == "object" && !Array.isArray(data74)){
let missing11;
if((data74.port === undefined) && (missing11 = "port")){
validate10.errors = [{instancePath:instancePath+"/probes/readiness/tcpSocket",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/required",keyword:"required",params:{missingProperty: missing11},message:"must have required property '"+missing11+"'"}];
return false;
}
else {
const _errs374 = errors;
for(const key22 in data74){
if(!(key22 === "port")){
validate10.errors = [{instancePath:instancePath+"/probes/readiness/tcpSocket",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key22},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs374 === errors){
if(data74.port !== undefined){
let data75 = data74.port;
const _errs376 = errors;
let valid79 = false;
const _errs377 = errors;
if(!((typeof data75 == "number") && (!(data75 % 1) && !isNaN(data75)))){
const err167 = {instancePath:instancePath+"/probes/readiness/tcpSocket/port",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
if(errors === _errs377){
if(typeof data75 == "number"){
if(data75 > 65535 || isNaN(data75)){
const err168 = {instancePath:instancePath+"/probes/readiness/tcpSocket/port",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
else {
if(data75 < 1 || isNaN(data75)){
const err169 = {instancePath:instancePath+"/probes/readiness/tcpSocket/port",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
}
}
}
var _valid50 = _errs377 === errors;
valid79 = valid79 || _valid50;
if(!valid79){
const _errs379 = errors;
if(typeof data75 !== "string"){
const err170 = {instancePath:instancePath+"/probes/readiness/tcpSocket/port",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
var _valid50 = _errs379 === errors;
valid79 = valid79 || _valid50;
}
if(!valid79){
const err171 = {instancePath:instancePath+"/probes/readiness/tcpSocket/port",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs376;
if(vErrors !== null){
if(_errs376){
vErrors.length = _errs376;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/readiness/tcpSocket",schemaPath:"#/properties/probes/properties/readiness/properties/tcpSocket/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid73 = _errs372 === errors;
}
else {
var valid73 = true;
}
if(valid73){
if(data69.exec !== undefined){
let data76 = data69.exec;
const _errs381 = errors;
if(errors === _errs381){
if(data76 && typeof data76 == "object" && !Array.isArray(data76)){
let missing12;
if((data76.command === undefined) && (missing12 = "command")){
validate10.errors = [{instancePath:instancePath+"/probes/readiness/exec",schemaPath:"#/properties/probes/properties/readiness/properties/exec/required",keyword:"required",params:{missingProperty: missing12},message:"must have required property '"+missing12+"'"}];
return false;
}
else {
const _errs383 = errors;
for(const key23 in data76){
if(!(key23 === "command")){
validate10.errors = [{instancePath:instancePath+"/probes/readiness/exec",schemaPath:"#/properties/probes/properties/readiness/properties/exec/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key23},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs383 === errors){
if(data76.command !== undefined){
let data77 = data76.command;
const _errs385 = errors;
let valid81 = false;
const _errs386 = errors;
if(errors === _errs386){
if(Array.isArray(data77)){
var valid82 = true;
const len6 = data77.length;
for(let i6=0; i6<len6; i6++){
let data78 = data77[i6];
const _errs388 = errors;
const _errs389 = errors;
let valid83 = false;
const _errs390 = errors;
if(typeof data78 !== "string"){
const err172 = {instancePath:instancePath+"/probes/readiness/exec/command/" + i6,schemaPath:"#/properties/probes/properties/readiness/properties/exec/properties/command/anyOf/0/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
var _valid52 = _errs390 === errors;
valid83 = valid83 || _valid52;
if(!valid83){
const _errs392 = errors;
if(!(typeof data78 == "number")){
const err173 = {instancePath:instancePath+"/probes/readiness/exec/command/" + i6,schemaPath:"#/properties/probes/properties/readiness/properties/exec/properties/command/anyOf/0/items/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err173];
}
else {
vErrors.push(err173);
}
errors++;
}
var _valid52 = _errs392 === errors;
valid83 = valid83 || _valid52;
}
if(!valid83){
const err174 = {instancePath:instancePath+"/probes/readiness/exec/command/" + i6,schemaPath:"#/properties/probes/properties/readiness/properties/exec/properties/command/anyOf/0/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err174];
}
else {
vErrors.push(err174);
}
errors++;
}
else {
errors = _errs389;
if(vErrors !== null){
if(_errs389){
vErrors.length = _errs389;
}
else {
vErrors = null;
}
}
}
var valid82 = _errs388 === errors;
if(!valid82){
break;
}
}
}
else {
const err175 = {instancePath:instancePath+"/probes/readiness/exec/command",schemaPath:"#/properties/probes/properties/readiness/properties/exec/properties/command/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err175];
}
else {
vErrors.push(err175);
}
errors++;
}
}
var _valid51 = _errs386 === errors;
valid81 = valid81 || _valid51;
if(!valid81){
const _errs394 = errors;
if(typeof data77 !== "string"){
const err176 = {instancePath:instancePath+"/probes/readiness/exec/command",schemaPath:"#/properties/probes/properties/readiness/properties/exec/properties/command/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err176];
}
else {
vErrors.push(err176);
}
errors++;
}
var _valid51 = _errs394 === errors;
valid81 = valid81 || _valid51;
}
if(!valid81){
const err177 = {instancePath:instancePath+"/probes/readiness/exec/command",schemaPath:"#/properties/probes/properties/readiness/properties/exec/properties/command/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err177];
}
else {
vErrors.push(err177);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs385;
if(vErrors !== null){
if(_errs385){
vErrors.length = _errs385;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/readiness/exec",schemaPath:"#/properties/probes/properties/readiness/properties/exec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid73 = _errs381 === errors;
}
else {
var valid73 = true;
}
if(valid73){
if(data69.initialDelaySeconds !== undefined){
let data79 = data69.initialDelaySeconds;
const _errs396 = errors;
const _errs397 = errors;
let valid84 = false;
const _errs398 = errors;
if(!((typeof data79 == "number") && (!(data79 % 1) && !isNaN(data79)))){
const err178 = {instancePath:instancePath+"/probes/readiness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/readiness/properties/initialDelaySeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err178];
}
else {
vErrors.push(err178);
}
errors++;
}
if(errors === _errs398){
if(typeof data79 == "number"){
if(data79 < 0 || isNaN(data79)){
const err179 = {instancePath:instancePath+"/probes/readiness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/readiness/properties/initialDelaySeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err179];
}
else {
vErrors.push(err179);
}
errors++;
}
}
}
var _valid53 = _errs398 === errors;
valid84 = valid84 || _valid53;
if(!valid84){
const _errs400 = errors;
if(typeof data79 !== "string"){
const err180 = {instancePath:instancePath+"/probes/readiness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/readiness/properties/initialDelaySeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err180];
}
else {
vErrors.push(err180);
}
errors++;
}
var _valid53 = _errs400 === errors;
valid84 = valid84 || _valid53;
}
if(!valid84){
const err181 = {instancePath:instancePath+"/probes/readiness/initialDelaySeconds",schemaPath:"#/properties/probes/properties/readiness/properties/initialDelaySeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err181];
}
else {
vErrors.push(err181);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs397;
if(vErrors !== null){
if(_errs397){
vErrors.length = _errs397;
}
else {
vErrors = null;
}
}
}
var valid73 = _errs396 === errors;
}
else {
var valid73 = true;
}
if(valid73){
if(data69.periodSeconds !== undefined){
let data80 = data69.periodSeconds;
const _errs402 = errors;
const _errs403 = errors;
let valid85 = false;
const _errs404 = errors;
if(!((typeof data80 == "number") && (!(data80 % 1) && !isNaN(data80)))){
const err182 = {instancePath:instancePath+"/probes/readiness/periodSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/periodSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err182];
}
else {
vErrors.push(err182);
}
errors++;
}
if(errors === _errs404){
if(typeof data80 == "number"){
if(data80 < 1 || isNaN(data80)){
const err183 = {instancePath:instancePath+"/probes/readiness/periodSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/periodSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err183];
}
else {
vErrors.push(err183);
}
errors++;
}
}
}
var _valid54 = _errs404 === errors;
valid85 = valid85 || _valid54;
if(!valid85){
const _errs406 = errors;
if(typeof data80 !== "string"){
const err184 = {instancePath:instancePath+"/probes/readiness/periodSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/periodSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err184];
}
else {
vErrors.push(err184);
}
errors++;
}
var _valid54 = _errs406 === errors;
valid85 = valid85 || _valid54;
}
if(!valid85){
const err185 = {instancePath:instancePath+"/probes/readiness/periodSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/periodSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err185];
}
else {
vErrors.push(err185);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs403;
if(vErrors !== null){
if(_errs403){
vErrors.length = _errs403;
}
else {
vErrors = null;
}
}
}
var valid73 = _errs402 === errors;
}
else {
var valid73 = true;
}
if(valid73){
if(data69.timeoutSeconds !== undefined){
let data81 = data69.timeoutSeconds;
const _errs408 = errors;
const _errs409 = errors;
let valid86 = false;
const _errs410 = errors;
if(!((typeof data81 == "number") && (!(data81 % 1) && !isNaN(data81)))){
const err186 = {instancePath:instancePath+"/probes/readiness/timeoutSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/timeoutSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err186];
}
else {
vErrors.push(err186);
}
errors++;
}
if(errors === _errs410){
if(typeof data81 == "number"){
if(data81 < 1 || isNaN(data81)){
const err187 = {instancePath:instancePath+"/probes/readiness/timeoutSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/timeoutSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err187];
}
else {
vErrors.push(err187);
}
errors++;
}
}
}
var _valid55 = _errs410 === errors;
valid86 = valid86 || _valid55;
if(!valid86){
const _errs412 = errors;
if(typeof data81 !== "string"){
const err188 = {instancePath:instancePath+"/probes/readiness/timeoutSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/timeoutSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err188];
}
else {
vErrors.push(err188);
}
errors++;
}
var _valid55 = _errs412 === errors;
valid86 = valid86 || _valid55;
}
if(!valid86){
const err189 = {instancePath:instancePath+"/probes/readiness/timeoutSeconds",schemaPath:"#/properties/probes/properties/readiness/properties/timeoutSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err189];
}
else {
vErrors.push(err189);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs409;
if(vErrors !== null){
if(_errs409){
vErrors.length = _errs409;
}
else {
vErrors = null;
}
}
}
var valid73 = _errs408 === errors;
}
else {
var valid73 = true;
}
if(valid73){
if(data69.failureThreshold !== undefined){
let data82 = data69.failureThreshold;
const _errs414 = errors;
const _errs415 = errors;
let valid87 = false;
const _errs416 = errors;
if(!((typeof data82 == "number") && (!(data82 % 1) && !isNaN(data82)))){
const err190 = {instancePath:instancePath+"/probes/readiness/failureThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/failureThreshold/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err190];
}
else {
vErrors.push(err190);
}
errors++;
}
if(errors === _errs416){
if(typeof data82 == "number"){
if(data82 < 1 || isNaN(data82)){
const err191 = {instancePath:instancePath+"/probes/readiness/failureThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/failureThreshold/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err191];
}
else {
vErrors.push(err191);
}
errors++;
}
}
}
var _valid56 = _errs416 === errors;
valid87 = valid87 || _valid56;
if(!valid87){
const _errs418 = errors;
if(typeof data82 !== "string"){
const err192 = {instancePath:instancePath+"/probes/readiness/failureThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/failureThreshold/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err192];
}
else {
vErrors.push(err192);
}
errors++;
}
var _valid56 = _errs418 === errors;
valid87 = valid87 || _valid56;
}
if(!valid87){
const err193 = {instancePath:instancePath+"/probes/readiness/failureThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/failureThreshold/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err193];
}
else {
vErrors.push(err193);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs415;
if(vErrors !== null){
if(_errs415){
vErrors.length = _errs415;
}
else {
vErrors = null;
}
}
}
var valid73 = _errs414 === errors;
}
else {
var valid73 = true;
}
if(valid73){
if(data69.successThreshold !== undefined){
let data83 = data69.successThreshold;
const _errs420 = errors;
const _errs421 = errors;
let valid88 = false;
const _errs422 = errors;
if(!((typeof data83 == "number") && (!(data83 % 1) && !isNaN(data83)))){
const err194 = {instancePath:instancePath+"/probes/readiness/successThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/successThreshold/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err194];
}
else {
vErrors.push(err194);
}
errors++;
}
if(errors === _errs422){
if(typeof data83 == "number"){
if(data83 < 1 || isNaN(data83)){
const err195 = {instancePath:instancePath+"/probes/readiness/successThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/successThreshold/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err195];
}
else {
vErrors.push(err195);
}
errors++;
}
}
}
var _valid57 = _errs422 === errors;
valid88 = valid88 || _valid57;
if(!valid88){
const _errs424 = errors;
if(typeof data83 !== "string"){
const err196 = {instancePath:instancePath+"/probes/readiness/successThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/successThreshold/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err196];
}
else {
vErrors.push(err196);
}
errors++;
}
var _valid57 = _errs424 === errors;
valid88 = valid88 || _valid57;
}
if(!valid88){
const err197 = {instancePath:instancePath+"/probes/readiness/successThreshold",schemaPath:"#/properties/probes/properties/readiness/properties/successThreshold/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err197];
}
else {
vErrors.push(err197);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs421;
if(vErrors !== null){
if(_errs421){
vErrors.length = _errs421;
}
else {
vErrors = null;
}
}
}
var valid73 = _errs420 === errors;
}
else {
var valid73 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/readiness",schemaPath:"#/properties/probes/properties/readiness/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid56 = _errs348 === errors;
}
else {
var valid56 = true;
}
if(valid56){
if(data53.startup !== undefined){
let data84 = data53.startup;
const _errs426 = errors;
if(errors === _errs426){
if(data84 && typeof data84 == "object" && !Array.isArray(data84)){
const _errs428 = errors;
for(const key24 in data84){
if(!((((((((key24 === "httpGet") || (key24 === "tcpSocket")) || (key24 === "exec")) || (key24 === "initialDelaySeconds")) || (key24 === "periodSeconds")) || (key24 === "timeoutSeconds")) || (key24 === "failureThreshold")) || (key24 === "successThreshold"))){
validate10.errors = [{instancePath:instancePath+"/probes/startup",schemaPath:"#/properties/probes/properties/startup/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key24},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs428 === errors){
if(data84.httpGet !== undefined){
let data85 = data84.httpGet;
const _errs429 = errors;
if(errors === _errs429){
if(data85 && typeof data85 == "object" && !Array.isArray(data85)){
let missing13;
if((data85.port === undefined) && (missing13 = "port")){
validate10.errors = [{instancePath:instancePath+"/probes/startup/httpGet",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/required",keyword:"required",params:{missingProperty: missing13},message:"must have required property '"+missing13+"'"}];
return false;
}
else {
const _errs431 = errors;
for(const key25 in data85){
if(!(((key25 === "path") || (key25 === "port")) || (key25 === "scheme"))){
validate10.errors = [{instancePath:instancePath+"/probes/startup/httpGet",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key25},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs431 === errors){
if(data85.path !== undefined){
let data86 = data85.path;
const _errs432 = errors;
const _errs433 = errors;
let valid91 = false;
const _errs434 = errors;
if(typeof data86 !== "string"){
const err198 = {instancePath:instancePath+"/probes/startup/httpGet/path",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/path/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err198];
}
else {
vErrors.push(err198);
}
errors++;
}
var _valid58 = _errs434 === errors;
valid91 = valid91 || _valid58;
if(!valid91){
const _errs436 = errors;
if(!(typeof data86 == "number")){
const err199 = {instancePath:instancePath+"/probes/startup/httpGet/path",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/path/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err199];
}
else {
vErrors.push(err199);
}
errors++;
}
var _valid58 = _errs436 === errors;
valid91 = valid91 || _valid58;
}
if(!valid91){
const err200 = {instancePath:instancePath+"/probes/startup/httpGet/path",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/path/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err200];
}
else {
vErrors.push(err200);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs433;
if(vErrors !== null){
if(_errs433){
vErrors.length = _errs433;
}
else {
vErrors = null;
}
}
}
var valid90 = _errs432 === errors;
}
else {
var valid90 = true;
}
if(valid90){
if(data85.port !== undefined){
let data87 = data85.port;
const _errs438 = errors;
const _errs439 = errors;
let valid92 = false;
const _errs440 = errors;
if(!((typeof data87 == "number") && (!(data87 % 1) && !isNaN(data87)))){
const err201 = {instancePath:instancePath+"/probes/startup/httpGet/port",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err201];
}
else {
vErrors.push(err201);
}
errors++;
}
if(errors === _errs440){
if(typeof data87 == "number"){
if(data87 > 65535 || isNaN(data87)){
const err202 = {instancePath:instancePath+"/probes/startup/httpGet/port",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err202];
}
else {
vErrors.push(err202);
}
errors++;
}
else {
if(data87 < 1 || isNaN(data87)){
const err203 = {instancePath:instancePath+"/probes/startup/httpGet/port",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err203];
}
else {
vErrors.push(err203);
}
errors++;
}
}
}
}
var _valid59 = _errs440 === errors;
valid92 = valid92 || _valid59;
if(!valid92){
const _errs442 = errors;
if(typeof data87 !== "string"){
const err204 = {instancePath:instancePath+"/probes/startup/httpGet/port",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err204];
}
else {
vErrors.push(err204);
}
errors++;
}
var _valid59 = _errs442 === errors;
valid92 = valid92 || _valid59;
}
if(!valid92){
const err205 = {instancePath:instancePath+"/probes/startup/httpGet/port",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err205];
}
else {
vErrors.push(err205);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs439;
if(vErrors !== null){
if(_errs439){
vErrors.length = _errs439;
}
else {
vErrors = null;
}
}
}
var valid90 = _errs438 === errors;
}
else {
var valid90 = true;
}
if(valid90){
if(data85.scheme !== undefined){
let data88 = data85.scheme;
const _errs444 = errors;
const _errs445 = errors;
let valid93 = false;
const _errs446 = errors;
if(typeof data88 !== "string"){
const err206 = {instancePath:instancePath+"/probes/startup/httpGet/scheme",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/scheme/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err206];
}
else {
vErrors.push(err206);
}
errors++;
}
var _valid60 = _errs446 === errors;
valid93 = valid93 || _valid60;
if(!valid93){
const _errs448 = errors;
if(!(typeof data88 == "number")){
const err207 = {instancePath:instancePath+"/probes/startup/httpGet/scheme",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/scheme/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err207];
}
else {
vErrors.push(err207);
}
errors++;
}
var _valid60 = _errs448 === errors;
valid93 = valid93 || _valid60;
}
if(!valid93){
const err208 = {instancePath:instancePath+"/probes/startup/httpGet/scheme",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/properties/scheme/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err208];
}
else {
vErrors.push(err208);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs445;
if(vErrors !== null){
if(_errs445){
vErrors.length = _errs445;
}
else {
vErrors = null;
}
}
}
var valid90 = _errs444 === errors;
}
else {
var valid90 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/startup/httpGet",schemaPath:"#/properties/probes/properties/startup/properties/httpGet/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid89 = _errs429 === errors;
}
else {
var valid89 = true;
}
if(valid89){
if(data84.tcpSocket !== undefined){
let data89 = data84.tcpSocket;
const _errs450 = errors;
if(errors === _errs450){
if(data89 && typeof data89 == "object" && !Array.isArray(data89)){
let missing14;
if((data89.port === undefined) && (missing14 = "port")){
validate10.errors = [{instancePath:instancePath+"/probes/startup/tcpSocket",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/required",keyword:"required",params:{missingProperty: missing14},message:"must have required property '"+missing14+"'"}];
return false;
}
else {
const _errs452 = errors;
for(const key26 in data89){
if(!(key26 === "port")){
validate10.errors = [{instancePath:instancePath+"/probes/startup/tcpSocket",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key26},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs452 === errors){
if(data89.port !== undefined){
let data90 = data89.port;
const _errs454 = errors;
let valid95 = false;
const _errs455 = errors;
if(!((typeof data90 == "number") && (!(data90 % 1) && !isNaN(data90)))){
const err209 = {instancePath:instancePath+"/probes/startup/tcpSocket/port",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err209];
}
else {
vErrors.push(err209);
}
errors++;
}
if(errors === _errs455){
if(typeof data90 == "number"){
if(data90 > 65535 || isNaN(data90)){
const err210 = {instancePath:instancePath+"/probes/startup/tcpSocket/port",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err210];
}
else {
vErrors.push(err210);
}
errors++;
}
else {
if(data90 < 1 || isNaN(data90)){
const err211 = {instancePath:instancePath+"/probes/startup/tcpSocket/port",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err211];
}
else {
vErrors.push(err211);
}
errors++;
}
}
}
}
var _valid61 = _errs455 === errors;
valid95 = valid95 || _valid61;
if(!valid95){
const _errs457 = errors;
if(typeof data90 !== "string"){
const err212 = {instancePath:instancePath+"/probes/startup/tcpSocket/port",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err212];
}
else {
vErrors.push(err212);
}
errors++;
}
var _valid61 = _errs457 === errors;
valid95 = valid95 || _valid61;
}
if(!valid95){
const err213 = {instancePath:instancePath+"/probes/startup/tcpSocket/port",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err213];
}
else {
vErrors.push(err213);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs454;
if(vErrors !== null){
if(_errs454){
vErrors.length = _errs454;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/startup/tcpSocket",schemaPath:"#/properties/probes/properties/startup/properties/tcpSocket/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid89 = _errs450 === errors;
}
else {
var valid89 = true;
}
if(valid89){
if(data84.exec !== undefined){
let data91 = data84.exec;
const _errs459 = errors;
if(errors === _errs459){
if(data91 && typeof data91 == "object" && !Array.isArray(data91)){
let missing15;
if((data91.command === undefined) && (missing15 = "command")){
validate10.errors = [{instancePath:instancePath+"/probes/startup/exec",schemaPath:"#/properties/probes/properties/startup/properties/exec/required",keyword:"required",params:{missingProperty: missing15},message:"must have required property '"+missing15+"'"}];
return false;
}
else {
const _errs461 = errors;
for(const key27 in data91){
if(!(key27 === "command")){
validate10.errors = [{instancePath:instancePath+"/probes/startup/exec",schemaPath:"#/properties/probes/properties/startup/properties/exec/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key27},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs461 === errors){
if(data91.command !== undefined){
let data92 = data91.command;
const _errs463 = errors;
let valid97 = false;
const _errs464 = errors;
if(errors === _errs464){
if(Array.isArray(data92)){
var valid98 = true;
const len7 = data92.length;
for(let i7=0; i7<len7; i7++){
let data93 = data92[i7];
const _errs466 = errors;
const _errs467 = errors;
let valid99 = false;
const _errs468 = errors;
if(typeof data93 !== "string"){
const err214 = {instancePath:instancePath+"/probes/startup/exec/command/" + i7,schemaPath:"#/properties/probes/properties/startup/properties/exec/properties/command/anyOf/0/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err214];
}
else {
vErrors.push(err214);
}
errors++;
}
var _valid63 = _errs468 === errors;
valid99 = valid99 || _valid63;
if(!valid99){
const _errs470 = errors;
if(!(typeof data93 == "number")){
const err215 = {instancePath:instancePath+"/probes/startup/exec/command/" + i7,schemaPath:"#/properties/probes/properties/startup/properties/exec/properties/command/anyOf/0/items/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err215];
}
else {
vErrors.push(err215);
}
errors++;
}
var _valid63 = _errs470 === errors;
valid99 = valid99 || _valid63;
}
if(!valid99){
const err216 = {instancePath:instancePath+"/probes/startup/exec/command/" + i7,schemaPath:"#/properties/probes/properties/startup/properties/exec/properties/command/anyOf/0/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err216];
}
else {
vErrors.push(err216);
}
errors++;
}
else {
errors = _errs467;
if(vErrors !== null){
if(_errs467){
vErrors.length = _errs467;
}
else {
vErrors = null;
}
}
}
var valid98 = _errs466 === errors;
if(!valid98){
break;
}
}
}
else {
const err217 = {instancePath:instancePath+"/probes/startup/exec/command",schemaPath:"#/properties/probes/properties/startup/properties/exec/properties/command/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err217];
}
else {
vErrors.push(err217);
}
errors++;
}
}
var _valid62 = _errs464 === errors;
valid97 = valid97 || _valid62;
if(!valid97){
const _errs472 = errors;
if(typeof data92 !== "string"){
const err218 = {instancePath:instancePath+"/probes/startup/exec/command",schemaPath:"#/properties/probes/properties/startup/properties/exec/properties/command/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err218];
}
else {
vErrors.push(err218);
}
errors++;
}
var _valid62 = _errs472 === errors;
valid97 = valid97 || _valid62;
}
if(!valid97){
const err219 = {instancePath:instancePath+"/probes/startup/exec/command",schemaPath:"#/properties/probes/properties/startup/properties/exec/properties/command/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err219];
}
else {
vErrors.push(err219);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs463;
if(vErrors !== null){
if(_errs463){
vErrors.length = _errs463;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/startup/exec",schemaPath:"#/properties/probes/properties/startup/properties/exec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid89 = _errs459 === errors;
}
else {
var valid89 = true;
}
if(valid89){
if(data84.initialDelaySeconds !== undefined){
let data94 = data84.initialDelaySeconds;
const _errs474 = errors;
const _errs475 = errors;
let valid100 = false;
const _errs476 = errors;
if(!((typeof data94 == "number") && (!(data94 % 1) && !isNaN(data94)))){
const err220 = {instancePath:instancePath+"/probes/startup/initialDelaySeconds",schemaPath:"#/properties/probes/properties/startup/properties/initialDelaySeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err220];
}
else {
vErrors.push(err220);
}
errors++;
}
if(errors === _errs476){
if(typeof data94 == "number"){
if(data94 < 0 || isNaN(data94)){
const err221 = {instancePath:instancePath+"/probes/startup/initialDelaySeconds",schemaPath:"#/properties/probes/properties/startup/properties/initialDelaySeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err221];
}
else {
vErrors.push(err221);
}
errors++;
}
}
}
var _valid64 = _errs476 === errors;
valid100 = valid100 || _valid64;
if(!valid100){
const _errs478 = errors;
if(typeof data94 !== "string"){
const err222 = {instancePath:instancePath+"/probes/startup/initialDelaySeconds",schemaPath:"#/properties/probes/properties/startup/properties/initialDelaySeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err222];
}
else {
vErrors.push(err222);
}
errors++;
}
var _valid64 = _errs478 === errors;
valid100 = valid100 || _valid64;
}
if(!valid100){
const err223 = {instancePath:instancePath+"/probes/startup/initialDelaySeconds",schemaPath:"#/properties/probes/properties/startup/properties/initialDelaySeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err223];
}
else {
vErrors.push(err223);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs475;
if(vErrors !== null){
if(_errs475){
vErrors.length = _errs475;
}
else {
vErrors = null;
}
}
}
var valid89 = _errs474 === errors;
}
else {
var valid89 = true;
}
if(valid89){
if(data84.periodSeconds !== undefined){
let data95 = data84.periodSeconds;
const _errs480 = errors;
const _errs481 = errors;
let valid101 = false;
const _errs482 = errors;
if(!((typeof data95 == "number") && (!(data95 % 1) && !isNaN(data95)))){
const err224 = {instancePath:instancePath+"/probes/startup/periodSeconds",schemaPath:"#/properties/probes/properties/startup/properties/periodSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err224];
}
else {
vErrors.push(err224);
}
errors++;
}
if(errors === _errs482){
if(typeof data95 == "number"){
if(data95 < 1 || isNaN(data95)){
const err225 = {instancePath:instancePath+"/probes/startup/periodSeconds",schemaPath:"#/properties/probes/properties/startup/properties/periodSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err225];
}
else {
vErrors.push(err225);
}
errors++;
}
}
}
var _valid65 = _errs482 === errors;
valid101 = valid101 || _valid65;
if(!valid101){
const _errs484 = errors;
if(typeof data95 !== "string"){
const err226 = {instancePath:instancePath+"/probes/startup/periodSeconds",schemaPath:"#/properties/probes/properties/startup/properties/periodSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err226];
}
else {
vErrors.push(err226);
}
errors++;
}
var _valid65 = _errs484 === errors;
valid101 = valid101 || _valid65;
}
if(!valid101){
const err227 = {instancePath:instancePath+"/probes/startup/periodSeconds",schemaPath:"#/properties/probes/properties/startup/properties/periodSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err227];
}
else {
vErrors.push(err227);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs481;
if(vErrors !== null){
if(_errs481){
vErrors.length = _errs481;
}
else {
vErrors = null;
}
}
}
var valid89 = _errs480 === errors;
}
else {
var valid89 = true;
}
if(valid89){
if(data84.timeoutSeconds !== undefined){
let data96 = data84.timeoutSeconds;
const _errs486 = errors;
const _errs487 = errors;
let valid102 = false;
const _errs488 = errors;
if(!((typeof data96 == "number") && (!(data96 % 1) && !isNaN(data96)))){
const err228 = {instancePath:instancePath+"/probes/startup/timeoutSeconds",schemaPath:"#/properties/probes/properties/startup/properties/timeoutSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err228];
}
else {
vErrors.push(err228);
}
errors++;
}
if(errors === _errs488){
if(typeof data96 == "number"){
if(data96 < 1 || isNaN(data96)){
const err229 = {instancePath:instancePath+"/probes/startup/timeoutSeconds",schemaPath:"#/properties/probes/properties/startup/properties/timeoutSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err229];
}
else {
vErrors.push(err229);
}
errors++;
}
}
}
var _valid66 = _errs488 === errors;
valid102 = valid102 || _valid66;
if(!valid102){
const _errs490 = errors;
if(typeof data96 !== "string"){
const err230 = {instancePath:instancePath+"/probes/startup/timeoutSeconds",schemaPath:"#/properties/probes/properties/startup/properties/timeoutSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err230];
}
else {
vErrors.push(err230);
}
errors++;
}
var _valid66 = _errs490 === errors;
valid102 = valid102 || _valid66;
}
if(!valid102){
const err231 = {instancePath:instancePath+"/probes/startup/timeoutSeconds",schemaPath:"#/properties/probes/properties/startup/properties/timeoutSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err231];
}
else {
vErrors.push(err231);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs487;
if(vErrors !== null){
if(_errs487){
vErrors.length = _errs487;
}
else {
vErrors = null;
}
}
}
var valid89 = _errs486 === errors;
}
else {
var valid89 = true;
}
if(valid89){
if(data84.failureThreshold !== undefined){
let data97 = data84.failureThreshold;
const _errs492 = errors;
const _errs493 = errors;
let valid103 = false;
const _errs494 = errors;
if(!((typeof data97 == "number") && (!(data97 % 1) && !isNaN(data97)))){
const err232 = {instancePath:instancePath+"/probes/startup/failureThreshold",schemaPath:"#/properties/probes/properties/startup/properties/failureThreshold/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err232];
}
else {
vErrors.push(err232);
}
errors++;
}
if(errors === _errs494){
if(typeof data97 == "number"){
if(data97 < 1 || isNaN(data97)){
const err233 = {instancePath:instancePath+"/probes/startup/failureThreshold",schemaPath:"#/properties/probes/properties/startup/properties/failureThreshold/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err233];
}
else {
vErrors.push(err233);
}
errors++;
}
}
}
var _valid67 = _errs494 === errors;
valid103 = valid103 || _valid67;
if(!valid103){
const _errs496 = errors;
if(typeof data97 !== "string"){
const err234 = {instancePath:instancePath+"/probes/startup/failureThreshold",schemaPath:"#/properties/probes/properties/startup/properties/failureThreshold/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err234];
}
else {
vErrors.push(err234);
}
errors++;
}
var _valid67 = _errs496 === errors;
valid103 = valid103 || _valid67;
}
if(!valid103){
const err235 = {instancePath:instancePath+"/probes/startup/failureThreshold",schemaPath:"#/properties/probes/properties/startup/properties/failureThreshold/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err235];
}
else {
vErrors.push(err235);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs493;
if(vErrors !== null){
if(_errs493){
vErrors.length = _errs493;
}
else {
vErrors = null;
}
}
}
var valid89 = _errs492 === errors;
}
else {
var valid89 = true;
}
if(valid89){
if(data84.successThreshold !== undefined){
let data98 = data84.successThreshold;
const _errs498 = errors;
const _errs499 = errors;
let valid104 = false;
const _errs500 = errors;
if(!((typeof data98 == "number") && (!(data98 % 1) && !isNaN(data98)))){
const err236 = {instancePath:instancePath+"/probes/startup/successThreshold",schemaPath:"#/properties/probes/properties/startup/properties/successThreshold/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err236];
}
else {
vErrors.push(err236);
}
errors++;
}
if(errors === _errs500){
if(typeof data98 == "number"){
if(data98 < 1 || isNaN(data98)){
const err237 = {instancePath:instancePath+"/probes/startup/successThreshold",schemaPath:"#/properties/probes/properties/startup/properties/successThreshold/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err237];
}
else {
vErrors.push(err237);
}
errors++;
}
}
}
var _valid68 = _errs500 === errors;
valid104 = valid104 || _valid68;
if(!valid104){
const _errs502 = errors;
if(typeof data98 !== "string"){
const err238 = {instancePath:instancePath+"/probes/startup/successThreshold",schemaPath:"#/properties/probes/properties/startup/properties/successThreshold/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err238];
}
else {
vErrors.push(err238);
}
errors++;
}
var _valid68 = _errs502 === errors;
valid104 = valid104 || _valid68;
}
if(!valid104){
const err239 = {instancePath:instancePath+"/probes/startup/successThreshold",schemaPath:"#/properties/probes/properties/startup/properties/successThreshold/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err239];
}
else {
vErrors.push(err239);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs499;
if(vErrors !== null){
if(_errs499){
vErrors.length = _errs499;
}
else {
vErrors = null;
}
}
}
var valid89 = _errs498 === errors;
}
else {
var valid89 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes/startup",schemaPath:"#/properties/probes/properties/startup/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid56 = _errs426 === errors;
}
else {
var valid56 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/probes",schemaPath:"#/properties/probes/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs267 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.podLabels !== undefined){
let data99 = data.podLabels;
const _errs504 = errors;
if(errors === _errs504){
if(data99 && typeof data99 == "object" && !Array.isArray(data99)){
var valid105 = true;
for(const key28 in data99){
if(pattern0.test(key28)){
let data100 = data99[key28];
const _errs506 = errors;
const _errs507 = errors;
let valid106 = false;
const _errs508 = errors;
if(typeof data100 !== "string"){
const err240 = {instancePath:instancePath+"/podLabels/" + key28.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podLabels/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err240];
}
else {
vErrors.push(err240);
}
errors++;
}
var _valid69 = _errs508 === errors;
valid106 = valid106 || _valid69;
if(!valid106){
const _errs510 = errors;
if(!(typeof data100 == "number")){
const err241 = {instancePath:instancePath+"/podLabels/" + key28.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podLabels/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err241];
}
else {
vErrors.push(err241);
}
errors++;
}
var _valid69 = _errs510 === errors;
valid106 = valid106 || _valid69;
if(!valid106){
const _errs512 = errors;
if(typeof data100 !== "boolean"){
const err242 = {instancePath:instancePath+"/podLabels/" + key28.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podLabels/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err242];
}
else {
vErrors.push(err242);
}
errors++;
}
var _valid69 = _errs512 === errors;
valid106 = valid106 || _valid69;
}
}
if(!valid106){
const err243 = {instancePath:instancePath+"/podLabels/" + key28.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podLabels/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err243];
}
else {
vErrors.push(err243);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs507;
if(vErrors !== null){
if(_errs507){
vErrors.length = _errs507;
}
else {
vErrors = null;
}
}
}
var valid105 = _errs506 === errors;
if(!valid105){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/podLabels",schemaPath:"#/properties/podLabels/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs504 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.podAnnotations !== undefined){
let data101 = data.podAnnotations;
const _errs514 = errors;
if(errors === _errs514){
if(data101 && typeof data101 == "object" && !Array.isArray(data101)){
var valid107 = true;
for(const key29 in data101){
if(pattern0.test(key29)){
let data102 = data101[key29];
const _errs516 = errors;
const _errs517 = errors;
let valid108 = false;
const _errs518 = errors;
if(typeof data102 !== "string"){
const err244 = {instancePath:instancePath+"/podAnnotations/" + key29.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podAnnotations/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err244];
}
else {
vErrors.push(err244);
}
errors++;
}
var _valid70 = _errs518 === errors;
valid108 = valid108 || _valid70;
if(!valid108){
const _errs520 = errors;
if(!(typeof data102 == "number")){
const err245 = {instancePath:instancePath+"/podAnnotations/" + key29.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podAnnotations/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err245];
}
else {
vErrors.push(err245);
}
errors++;
}
var _valid70 = _errs520 === errors;
valid108 = valid108 || _valid70;
if(!valid108){
const _errs522 = errors;
if(typeof data102 !== "boolean"){
const err246 = {instancePath:instancePath+"/podAnnotations/" + key29.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podAnnotations/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err246];
}
else {
vErrors.push(err246);
}
errors++;
}
var _valid70 = _errs522 === errors;
valid108 = valid108 || _valid70;
}
}
if(!valid108){
const err247 = {instancePath:instancePath+"/podAnnotations/" + key29.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/podAnnotations/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err247];
}
else {
vErrors.push(err247);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs517;
if(vErrors !== null){
if(_errs517){
vErrors.length = _errs517;
}
else {
vErrors = null;
}
}
}
var valid107 = _errs516 === errors;
if(!valid107){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/podAnnotations",schemaPath:"#/properties/podAnnotations/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs514 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.volumes !== undefined){
let data103 = data.volumes;
const _errs524 = errors;
if(errors === _errs524){
if(Array.isArray(data103)){
var valid109 = true;
const len8 = data103.length;
for(let i8=0; i8<len8; i8++){
let data104 = data103[i8];
const _errs526 = errors;
if(errors === _errs526){
if(data104 && typeof data104 == "object" && !Array.isArray(data104)){
let missing16;
if((data104.name === undefined) && (missing16 = "name")){
validate10.errors = [{instancePath:instancePath+"/volumes/" + i8,schemaPath:"#/properties/volumes/items/required",keyword:"required",params:{missingProperty: missing16},message:"must have required property '"+missing16+"'"}];
return false;
}
else {
const _errs528 = errors;
for(const key30 in data104){
if(!(((((key30 === "name") || (key30 === "configMap")) || (key30 === "secret")) || (key30 === "items")) || (key30 === "optional"))){
validate10.errors = [{instancePath:instancePath+"/volumes/" + i8,schemaPath:"#/properties/volumes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key30},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs528 === errors){
if(data104.name !== undefined){
let data105 = data104.name;
const _errs529 = errors;
const _errs530 = errors;
let valid111 = false;
const _errs531 = errors;
if(typeof data105 !== "string"){
const err248 = {instancePath:instancePath+"/volumes/" + i8+"/name",schemaPath:"#/properties/volumes/items/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err248];
}
else {
vErrors.push(err248);
}
errors++;
}
var _valid71 = _errs531 === errors;
valid111 = valid111 || _valid71;
if(!valid111){
const _errs533 = errors;
if(!(typeof data105 == "number")){
const err249 = {instancePath:instancePath+"/volumes/" + i8+"/name",schemaPath:"#/properties/volumes/items/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err249];
}
else {
vErrors.push(err249);
}
errors++;
}
var _valid71 = _errs533 === errors;
valid111 = valid111 || _valid71;
}
if(!valid111){
const err250 = {instancePath:instancePath+"/volumes/" + i8+"/name",schemaPath:"#/properties/volumes/items/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err250];
}
else {
vErrors.push(err250);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs530;
if(vErrors !== null){
if(_errs530){
vErrors.length = _errs530;
}
else {
vErrors = null;
}
}
}
var valid110 = _errs529 === errors;
}
else {
var valid110 = true;
}
if(valid110){
if(data104.configMap !== undefined){
let data106 = data104.configMap;
const _errs535 = errors;
const _errs536 = errors;
let valid112 = false;
const _errs537 = errors;
if(typeof data106 !== "string"){
const err251 = {instancePath:instancePath+"/volumes/" + i8+"/configMap",schemaPath:"#/properties/volumes/items/properties/configMap/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err251];
}
else {
vErrors.push(err251);
}
errors++;
}
var _valid72 = _errs537 === errors;
valid112 = valid112 || _valid72;
if(!valid112){
const _errs539 = errors;
if(!(typeof data106 == "number")){
const err252 = {instancePath:instancePath+"/volumes/" + i8+"/configMap",schemaPath:"#/properties/volumes/items/properties/configMap/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err252];
}
else {
vErrors.push(err252);
}
errors++;
}
var _valid72 = _errs539 === errors;
valid112 = valid112 || _valid72;
}
if(!valid112){
const err253 = {instancePath:instancePath+"/volumes/" + i8+"/configMap",schemaPath:"#/properties/volumes/items/properties/configMap/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err253];
}
else {
vErrors.push(err253);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs536;
if(vErrors !== null){
if(_errs536){
vErrors.length = _errs536;
}
else {
vErrors = null;
}
}
}
var valid110 = _errs535 === errors;
}
else {
var valid110 = true;
}
if(valid110){
if(data104.secret !== undefined){
let data107 = data104.secret;
const _errs541 = errors;
const _errs542 = errors;
let valid113 = false;
const _errs543 = errors;
if(typeof data107 !== "string"){
const err254 = {instancePath:instancePath+"/volumes/" + i8+"/secret",schemaPath:"#/properties/volumes/items/properties/secret/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err254];
}
else {
vErrors.push(err254);
}
errors++;
}
var _valid73 = _errs543 === errors;
valid113 = valid113 || _valid73;
if(!valid113){
const _errs545 = errors;
if(!(typeof data107 == "number")){
const err255 = {instancePath:instancePath+"/volumes/" + i8+"/secret",schemaPath:"#/properties/volumes/items/properties/secret/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err255];
}
else {
vErrors.push(err255);
}
errors++;
}
var _valid73 = _errs545 === errors;
valid113 = valid113 || _valid73;
}
if(!valid113){
const err256 = {instancePath:instancePath+"/volumes/" + i8+"/secret",schemaPath:"#/properties/volumes/items/properties/secret/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err256];
}
else {
vErrors.push(err256);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs542;
if(vErrors !== null){
if(_errs542){
vErrors.length = _errs542;
}
else {
vErrors = null;
}
}
}
var valid110 = _errs541 === errors;
}
else {
var valid110 = true;
}
if(valid110){
if(data104.items !== undefined){
let data108 = data104.items;
const _errs547 = errors;
if(errors === _errs547){
if(Array.isArray(data108)){
var valid114 = true;
const len9 = data108.length;
for(let i9=0; i9<len9; i9++){
let data109 = data108[i9];
const _errs549 = errors;
if(errors === _errs549){
if(data109 && typeof data109 == "object" && !Array.isArray(data109)){
let missing17;
if(((data109.key === undefined) && (missing17 = "key")) || ((data109.path === undefined) && (missing17 = "path"))){
validate10.errors = [{instancePath:instancePath+"/volumes/" + i8+"/items/" + i9,schemaPath:"#/properties/volumes/items/properties/items/items/required",keyword:"required",params:{missingProperty: missing17},message:"must have required property '"+missing17+"'"}];
return false;
}
else {
const _errs551 = errors;
for(const key31 in data109){
if(!((key31 === "key") || (key31 === "path"))){
validate10.errors = [{instancePath:instancePath+"/volumes/" + i8+"/items/" + i9,schemaPath:"#/properties/volumes/items/properties/items/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key31},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs551 === errors){
if(data109.key !== undefined){
let data110 = data109.key;
const _errs552 = errors;
const _errs553 = errors;
let valid116 = false;
const _errs554 = errors;
if(typeof data110 !== "string"){
const err257 = {instancePath:instancePath+"/volumes/" + i8+"/items/" + i9+"/key",schemaPath:"#/properties/volumes/items/properties/items/items/properties/key/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err257];
}
else {
vErrors.push(err257);
}
errors++;
}
var _valid74 = _errs554 === errors;
valid116 = valid116 || _valid74;
if(!valid116){
const _errs556 = errors;
if(!(typeof data110 == "number")){
const err258 = {instancePath:instancePath+"/volumes/" + i8+"/items/" + i9+"/key",schemaPath:"#/properties/volumes/items/properties/items/items/properties/key/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err258];
}
else {
vErrors.push(err258);
}
errors++;
}
var _valid74 = _errs556 === errors;
valid116 = valid116 || _valid74;
}
if(!valid116){
const err259 = {instancePath:instancePath+"/volumes/" + i8+"/items/" + i9+"/key",schemaPath:"#/properties/volumes/items/properties/items/items/properties/key/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err259];
}
else {
vErrors.push(err259);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs553;
if(vErrors !== null){
if(_errs553){
vErrors.length = _errs553;
}
else {
vErrors = null;
}
}
}
var valid115 = _errs552 === errors;
}
else {
var valid115 = true;
}
if(valid115){
if(data109.path !== undefined){
let data111 = data109.path;
const _errs558 = errors;
const _errs559 = errors;
let valid117 = false;
const _errs560 = errors;
if(typeof data111 !== "string"){
const err260 = {instancePath:instancePath+"/volumes/" + i8+"/items/" + i9+"/path",schemaPath:"#/properties/volumes/items/properties/items/items/properties/path/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err260];
}
else {
vErrors.push(err260);
}
errors++;
}
var _valid75 = _errs560 === errors;
valid117 = valid117 || _valid75;
if(!valid117){
const _errs562 = errors;
if(!(typeof data111 == "number")){
const err261 = {instancePath:instancePath+"/volumes/" + i8+"/items/" + i9+"/path",schemaPath:"#/properties/volumes/items/properties/items/items/properties/path/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err261];
}
else {
vErrors.push(err261);
}
errors++;
}
var _valid75 = _errs562 === errors;
valid117 = valid117 || _valid75;
}
if(!valid117){
const err262 = {instancePath:instancePath+"/volumes/" + i8+"/items/" + i9+"/path",schemaPath:"#/properties/volumes/items/properties/items/items/properties/path/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err262];
}
else {
vErrors.push(err262);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs559;
if(vErrors !== null){
if(_errs559){
vErrors.length = _errs559;
}
else {
vErrors = null;
}
}
}
var valid115 = _errs558 === errors;
}
else {
var valid115 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volumes/" + i8+"/items/" + i9,schemaPath:"#/properties/volumes/items/properties/items/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid114 = _errs549 === errors;
if(!valid114){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volumes/" + i8+"/items",schemaPath:"#/properties/volumes/items/properties/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid110 = _errs547 === errors;
}
else {
var valid110 = true;
}
if(valid110){
if(data104.optional !== undefined){
let data112 = data104.optional;
const _errs564 = errors;
const _errs565 = errors;
let valid118 = false;
const _errs566 = errors;
if(typeof data112 !== "boolean"){
const err263 = {instancePath:instancePath+"/volumes/" + i8+"/optional",schemaPath:"#/properties/volumes/items/properties/optional/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err263];
}
else {
vErrors.push(err263);
}
errors++;
}
var _valid76 = _errs566 === errors;
valid118 = valid118 || _valid76;
if(!valid118){
const _errs568 = errors;
if(typeof data112 !== "string"){
const err264 = {instancePath:instancePath+"/volumes/" + i8+"/optional",schemaPath:"#/properties/volumes/items/properties/optional/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err264];
}
else {
vErrors.push(err264);
}
errors++;
}
var _valid76 = _errs568 === errors;
valid118 = valid118 || _valid76;
}
if(!valid118){
const err265 = {instancePath:instancePath+"/volumes/" + i8+"/optional",schemaPath:"#/properties/volumes/items/properties/optional/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err265];
}
else {
vErrors.push(err265);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs565;
if(vErrors !== null){
if(_errs565){
vErrors.length = _errs565;
}
else {
vErrors = null;
}
}
}
var valid110 = _errs564 === errors;
}
else {
var valid110 = true;
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volumes/" + i8,schemaPath:"#/properties/volumes/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid109 = _errs526 === errors;
if(!valid109){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volumes",schemaPath:"#/properties/volumes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs524 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.volumeMounts !== undefined){
let data113 = data.volumeMounts;
const _errs570 = errors;
if(errors === _errs570){
if(Array.isArray(data113)){
var valid119 = true;
const len10 = data113.length;
for(let i10=0; i10<len10; i10++){
let data114 = data113[i10];
const _errs572 = errors;
if(errors === _errs572){
if(data114 && typeof data114 == "object" && !Array.isArray(data114)){
let missing18;
if(((data114.name === undefined) && (missing18 = "name")) || ((data114.mountPath === undefined) && (missing18 = "mountPath"))){
validate10.errors = [{instancePath:instancePath+"/volumeMounts/" + i10,schemaPath:"#/properties/volumeMounts/items/required",keyword:"required",params:{missingProperty: missing18},message:"must have required property '"+missing18+"'"}];
return false;
}
else {
const _errs574 = errors;
for(const key32 in data114){
if(!((((key32 === "name") || (key32 === "mountPath")) || (key32 === "readOnly")) || (key32 === "subPath"))){
validate10.errors = [{instancePath:instancePath+"/volumeMounts/" + i10,schemaPath:"#/properties/volumeMounts/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key32},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs574 === errors){
if(data114.name !== undefined){
let data115 = data114.name;
const _errs575 = errors;
const _errs576 = errors;
let valid121 = false;
const _errs577 = errors;
if(typeof data115 !== "string"){
const err266 = {instancePath:instancePath+"/volumeMounts/" + i10+"/name",schemaPath:"#/properties/volumeMounts/items/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err266];
}
else {
vErrors.push(err266);
}
errors++;
}
var _valid77 = _errs577 === errors;
valid121 = valid121 || _valid77;
if(!valid121){
const _errs579 = errors;
if(!(typeof data115 == "number")){
const err267 = {instancePath:instancePath+"/volumeMounts/" + i10+"/name",schemaPath:"#/properties/volumeMounts/items/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err267];
}
else {
vErrors.push(err267);
}
errors++;
}
var _valid77 = _errs579 === errors;
valid121 = valid121 || _valid77;
}
if(!valid121){
const err268 = {instancePath:instancePath+"/volumeMounts/" + i10+"/name",schemaPath:"#/properties/volumeMounts/items/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err268];
}
else {
vErrors.push(err268);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs576;
if(vErrors !== null){
if(_errs576){
vErrors.length = _errs576;
}
else {
vErrors = null;
}
}
}
var valid120 = _errs575 === errors;
}
else {
var valid120 = true;
}
if(valid120){
if(data114.mountPath !== undefined){
let data116 = data114.mountPath;
const _errs581 = errors;
const _errs582 = errors;
let valid122 = false;
const _errs583 = errors;
if(typeof data116 !== "string"){
const err269 = {instancePath:instancePath+"/volumeMounts/" + i10+"/mountPath",schemaPath:"#/properties/volumeMounts/items/properties/mountPath/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err269];
}
else {
vErrors.push(err269);
}
errors++;
}
var _valid78 = _errs583 === errors;
valid122 = valid122 || _valid78;
if(!valid122){
const _errs585 = errors;
if(!(typeof data116 == "number")){
const err270 = {instancePath:instancePath+"/volumeMounts/" + i10+"/mountPath",schemaPath:"#/properties/volumeMounts/items/properties/mountPath/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err270];
}
else {
vErrors.push(err270);
}
errors++;
}
var _valid78 = _errs585 === errors;
valid122 = valid122 || _valid78;
}
if(!valid122){
const err271 = {instancePath:instancePath+"/volumeMounts/" + i10+"/mountPath",schemaPath:"#/properties/volumeMounts/items/properties/mountPath/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err271];
}
else {
vErrors.push(err271);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs582;
if(vErrors !== null){
if(_errs582){
vErrors.length = _errs582;
}
else {
vErrors = null;
}
}
}
var valid120 = _errs581 === errors;
}
else {
var valid120 = true;
}
if(valid120){
if(data114.readOnly !== undefined){
let data117 = data114.readOnly;
const _errs587 = errors;
const _errs588 = errors;
let valid123 = false;
const _errs589 = errors;
if(typeof data117 !== "boolean"){
const err272 = {instancePath:instancePath+"/volumeMounts/" + i10+"/readOnly",schemaPath:"#/properties/volumeMounts/items/properties/readOnly/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err272];
}
else {
vErrors.push(err272);
}
errors++;
}
var _valid79 = _errs589 === errors;
valid123 = valid123 || _valid79;
if(!valid123){
const _errs591 = errors;
if(typeof data117 !== "string"){
const err273 = {instancePath:instancePath+"/volumeMounts/" + i10+"/readOnly",schemaPath:"#/properties/volumeMounts/items/properties/readOnly/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err273];
}
else {
vErrors.push(err273);
}
errors++;
}
var _valid79 = _errs591 === errors;
valid123 = valid123 || _valid79;
}
if(!valid123){
const err274 = {instancePath:instancePath+"/volumeMounts/" + i10+"/readOnly",schemaPath:"#/properties/volumeMounts/items/properties/readOnly/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err274];
}
else {
vErrors.push(err274);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs588;
if(vErrors !== null){
if(_errs588){
vErrors.length = _errs588;
}
else {
vErrors = null;
}
}
}
var valid120 = _errs587 === errors;
}
else {
var valid120 = true;
}
if(valid120){
if(data114.subPath !== undefined){
let data118 = data114.subPath;
const _errs593 = errors;
const _errs594 = errors;
let valid124 = false;
const _errs595 = errors;
if(typeof data118 !== "string"){
const err275 = {instancePath:instancePath+"/volumeMounts/" + i10+"/subPath",schemaPath:"#/properties/volumeMounts/items/properties/subPath/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err275];
}
else {
vErrors.push(err275);
}
errors++;
}
var _valid80 = _errs595 === errors;
valid124 = valid124 || _valid80;
if(!valid124){
const _errs597 = errors;
if(!(typeof data118 == "number")){
const err276 = {instancePath:instancePath+"/volumeMounts/" + i10+"/subPath",schemaPath:"#/properties/volumeMounts/items/properties/subPath/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err276];
}
else {
vErrors.push(err276);
}
errors++;
}
var _valid80 = _errs597 === errors;
valid124 = valid124 || _valid80;
}
if(!valid124){
const err277 = {instancePath:instancePath+"/volumeMounts/" + i10+"/subPath",schemaPath:"#/properties/volumeMounts/items/properties/subPath/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err277];
}
else {
vErrors.push(err277);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs594;
if(vErrors !== null){
if(_errs594){
vErrors.length = _errs594;
}
else {
vErrors = null;
}
}
}
var valid120 = _errs593 === errors;
}
else {
var valid120 = true;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volumeMounts/" + i10,schemaPath:"#/properties/volumeMounts/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid119 = _errs572 === errors;
if(!valid119){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volumeMounts",schemaPath:"#/properties/volumeMounts/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs570 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.strategy !== undefined){
let data119 = data.strategy;
const _errs599 = errors;
const _errs600 = errors;
let valid125 = false;
const _errs601 = errors;
const _errs602 = errors;
let valid126 = false;
const _errs603 = errors;
if(typeof data119 !== "string"){
const err278 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/anyOf/0/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err278];
}
else {
vErrors.push(err278);
}
errors++;
}
var _valid82 = _errs603 === errors;
valid126 = valid126 || _valid82;
if(!valid126){
const _errs605 = errors;
if(!(typeof data119 == "number")){
const err279 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/anyOf/0/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err279];
}
else {
vErrors.push(err279);
}
errors++;
}
var _valid82 = _errs605 === errors;
valid126 = valid126 || _valid82;
}
if(!valid126){
const err280 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/anyOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err280];
}
else {
vErrors.push(err280);
}
errors++;
}
else {
errors = _errs602;
if(vErrors !== null){
if(_errs602){
vErrors.length = _errs602;
}
else {
vErrors = null;
}
}
}
var _valid81 = _errs601 === errors;
valid125 = valid125 || _valid81;
if(!valid125){
const _errs607 = errors;
if(errors === _errs607){
if(data119 && typeof data119 == "object" && !Array.isArray(data119)){
const _errs609 = errors;
for(const key33 in data119){
if(!(((key33 === "type") || (key33 === "maxSurge")) || (key33 === "maxUnavailable"))){
const err281 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key33},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err281];
}
else {
vErrors.push(err281);
}
errors++;
break;
}
}
if(_errs609 === errors){
if(data119.type !== undefined){
let data120 = data119.type;
const _errs610 = errors;
const _errs611 = errors;
let valid128 = false;
const _errs612 = errors;
if(typeof data120 !== "string"){
const err282 = {instancePath:instancePath+"/strategy/type",schemaPath:"#/properties/strategy/anyOf/1/properties/type/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err282];
}
else {
vErrors.push(err282);
}
errors++;
}
var _valid83 = _errs612 === errors;
valid128 = valid128 || _valid83;
if(!valid128){
const _errs614 = errors;
if(!(typeof data120 == "number")){
const err283 = {instancePath:instancePath+"/strategy/type",schemaPath:"#/properties/strategy/anyOf/1/properties/type/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err283];
}
else {
vErrors.push(err283);
}
errors++;
}
var _valid83 = _errs614 === errors;
valid128 = valid128 || _valid83;
}
if(!valid128){
const err284 = {instancePath:instancePath+"/strategy/type",schemaPath:"#/properties/strategy/anyOf/1/properties/type/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err284];
}
else {
vErrors.push(err284);
}
errors++;
}
else {
errors = _errs611;
if(vErrors !== null){
if(_errs611){
vErrors.length = _errs611;
}
else {
vErrors = null;
}
}
}
var valid127 = _errs610 === errors;
}
else {
var valid127 = true;
}
if(valid127){
if(data119.maxSurge !== undefined){
let data121 = data119.maxSurge;
const _errs616 = errors;
const _errs617 = errors;
let valid129 = false;
const _errs618 = errors;
if(!((typeof data121 == "number") && (!(data121 % 1) && !isNaN(data121)))){
const err285 = {instancePath:instancePath+"/strategy/maxSurge",schemaPath:"#/properties/strategy/anyOf/1/properties/maxSurge/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err285];
}
else {
vErrors.push(err285);
}
errors++;
}
if(errors === _errs618){
if(typeof data121 == "number"){
if(data121 < 0 || isNaN(data121)){
const err286 = {instancePath:instancePath+"/strategy/maxSurge",schemaPath:"#/properties/strategy/anyOf/1/properties/maxSurge/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err286];
}
else {
vErrors.push(err286);
}
errors++;
}
}
}
var _valid84 = _errs618 === errors;
valid129 = valid129 || _valid84;
if(!valid129){
const _errs620 = errors;
if(typeof data121 !== "string"){
const err287 = {instancePath:instancePath+"/strategy/maxSurge",schemaPath:"#/properties/strategy/anyOf/1/properties/maxSurge/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err287];
}
else {
vErrors.push(err287);
}
errors++;
}
var _valid84 = _errs620 === errors;
valid129 = valid129 || _valid84;
}
if(!valid129){
const err288 = {instancePath:instancePath+"/strategy/maxSurge",schemaPath:"#/properties/strategy/anyOf/1/properties/maxSurge/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err288];
}
else {
vErrors.push(err288);
}
errors++;
}
else {
errors = _errs617;
if(vErrors !== null){
if(_errs617){
vErrors.length = _errs617;
}
else {
vErrors = null;
}
}
}
var valid127 = _errs616 === errors;
}
else {
var valid127 = true;
}
if(valid127){
if(data119.maxUnavailable !== undefined){
let data122 = data119.maxUnavailable;
const _errs622 = errors;
const _errs623 = errors;
let valid130 = false;
const _errs624 = errors;
if(!((typeof data122 == "number") && (!(data122 % 1) && !isNaN(data122)))){
const err289 = {instancePath:instancePath+"/strategy/maxUnavailable",schemaPath:"#/properties/strategy/anyOf/1/properties/maxUnavailable/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err289];
}
else {
vErrors.push(err289);
}
errors++;
}
if(errors === _errs624){
if(typeof data122 == "number"){
if(data122 < 0 || isNaN(data122)){
const err290 = {instancePath:instancePath+"/strategy/maxUnavailable",schemaPath:"#/properties/strategy/anyOf/1/properties/maxUnavailable/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err290];
}
else {
vErrors.push(err290);
}
errors++;
}
}
}
var _valid85 = _errs624 === errors;
valid130 = valid130 || _valid85;
if(!valid130){
const _errs626 = errors;
if(typeof data122 !== "string"){
const err291 = {instancePath:instancePath+"/strategy/maxUnavailable",schemaPath:"#/properties/strategy/anyOf/1/properties/maxUnavailable/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err291];
}
else {
vErrors.push(err291);
}
errors++;
}
var _valid85 = _errs626 === errors;
valid130 = valid130 || _valid85;
}
if(!valid130){
const err292 = {instancePath:instancePath+"/strategy/maxUnavailable",schemaPath:"#/properties/strategy/anyOf/1/properties/maxUnavailable/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err292];
}
else {
vErrors.push(err292);
}
errors++;
}
else {
errors = _errs623;
if(vErrors !== null){
if(_errs623){
vErrors.length = _errs623;
}
else {
vErrors = null;
}
}
}
var valid127 = _errs622 === errors;
}
else {
var valid127 = true;
}
}
}
}
}
else {
const err293 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err293];
}
else {
vErrors.push(err293);
}
errors++;
}
}
var _valid81 = _errs607 === errors;
valid125 = valid125 || _valid81;
}
if(!valid125){
const err294 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err294];
}
else {
vErrors.push(err294);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs600;
if(vErrors !== null){
if(_errs600){
vErrors.length = _errs600;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs599 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

/** True when DeploymentSourceSchema (src/types.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const deploymentSourceAccepts: (value: unknown) => boolean = validate10;
