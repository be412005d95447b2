// @ts-nocheck
// Generated from HorizontalPodAutoscalerSourceSchema (src/types.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/contract.int.test.ts -t 'compiled ahead of time'` in the package.
const schema11 = {"additionalProperties":false,"description":"A HorizontalPodAutoscaler owned by the custom resource.","type":"object","required":["maxReplicas"],"properties":{"name":{"description":"The object's name; default <owner>-hpa.","anyOf":[{"type":"string"},{"type":"number"}]},"namespace":{"description":"The object's namespace; default and only allowed value for a namespaced owner: the owner's.","anyOf":[{"type":"string"},{"type":"number"}]},"labels":{"description":"Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"annotations":{"description":"Annotations.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"recreate":{"description":"On a change the API server refuses in place (an immutable field), delete and create the object instead of failing.","anyOf":[{"type":"boolean"},{"type":"string"}]},"target":{"description":"Name of the Deployment to scale, in the owner's namespace: the shorthand for scaleTargetRef: { name }. Default <owner>-deployment.","anyOf":[{"type":"string"},{"type":"number"}]},"scaleTargetRef":{"additionalProperties":false,"description":"The object to scale; default the owner's Deployment, <owner>-deployment (apps/v1). Not together with target.","type":"object","required":["name"],"properties":{"name":{"description":"Name of the object to scale.","anyOf":[{"type":"string"},{"type":"number"}]},"kind":{"description":"Its kind; default Deployment. Any kind with a scale subresource (StatefulSet, ReplicaSet…).","anyOf":[{"type":"string"},{"type":"number"}]},"apiVersion":{"description":"Its apiVersion; default apps/v1.","anyOf":[{"type":"string"},{"type":"number"}]}}},"minReplicas":{"description":"Fewest replicas (≥ 1); default 1.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"maxReplicas":{"description":"Most replicas (≥ minReplicas). Required.","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"cpuUtilization":{"description":"Target average CPU use, in percent of the Pods' CPU requests (1–1000).","anyOf":[{"minimum":1,"maximum":1000,"type":"integer"},{"type":"string"}]},"memoryUtilization":{"description":"Target average memory use, in percent of the Pods' memory requests (1–1000).","anyOf":[{"minimum":1,"maximum":1000,"type":"integer"},{"type":"string"}]},"behavior":{"additionalProperties":false,"description":"Scaling speed per direction; what is not set is the API server's default.","type":"object","properties":{"scaleUp":{"additionalProperties":false,"type":"object","properties":{"stabilizationWindowSeconds":{"description":"Seconds of past recommendations considered before scaling (0–3600); server default 0 up, 300 down.","anyOf":[{"minimum":0,"maximum":3600,"type":"integer"},{"type":"string"}]},"selectPolicy":{"description":"Max, Min or Disabled: which policy wins when several apply; Disabled turns this direction off.","anyOf":[{"type":"string"},{"type":"number"}]},"policies":{"description":"The changes allowed per period; the API server defaults them when absent.","type":"array","items":{"additionalProperties":false,"type":"object","required":["type","value","periodSeconds"],"properties":{"type":{"description":"Pods (a number of Pods) or Percent (of the current replicas).","anyOf":[{"type":"string"},{"type":"number"}]},"value":{"description":"How many Pods, or what percentage, per period (≥ 1).","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"periodSeconds":{"description":"The period the value applies to (1–1800 seconds).","anyOf":[{"minimum":1,"maximum":1800,"type":"integer"},{"type":"string"}]}}}}}},"scaleDown":{"additionalProperties":false,"type":"object","properties":{"stabilizationWindowSeconds":{"description":"Seconds of past recommendations considered before scaling (0–3600); server default 0 up, 300 down.","anyOf":[{"minimum":0,"maximum":3600,"type":"integer"},{"type":"string"}]},"selectPolicy":{"description":"Max, Min or Disabled: which policy wins when several apply; Disabled turns this direction off.","anyOf":[{"type":"string"},{"type":"number"}]},"policies":{"description":"The changes allowed per period; the API server defaults them when absent.","type":"array","items":{"additionalProperties":false,"type":"object","required":["type","value","periodSeconds"],"properties":{"type":{"description":"Pods (a number of Pods) or Percent (of the current replicas).","anyOf":[{"type":"string"},{"type":"number"}]},"value":{"description":"How many Pods, or what percentage, per period (≥ 1).","anyOf":[{"minimum":1,"type":"integer"},{"type":"string"}]},"periodSeconds":{"description":"The period the value applies to (1–1800 seconds).","anyOf":[{"minimum":1,"maximum":1800,"type":"integer"},{"type":"string"}]}}}}}}}}}};
const func2 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp("^(.*)$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.maxReplicas === undefined) && (missing0 = "maxReplicas")){
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
if(data.target !== undefined){
let data7 = data.target;
const _errs40 = errors;
const _errs41 = errors;
let valid8 = false;
const _errs42 = errors;
if(typeof data7 !== "string"){
const err17 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err18 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err19 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
if(data.scaleTargetRef !== undefined){
let data8 = data.scaleTargetRef;
const _errs46 = errors;
if(errors === _errs46){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
let missing1;
if((data8.name === undefined) && (missing1 = "name")){
validate10.errors = [{instancePath:instancePath+"/scaleTargetRef",schemaPath:"#/properties/scaleTargetRef/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs48 = errors;
for(const key3 in data8){
if(!(((key3 === "name") || (key3 === "kind")) || (key3 === "apiVersion"))){
validate10.errors = [{instancePath:instancePath+"/scaleTargetRef",schemaPath:"#/properties/scaleTargetRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs48 === errors){
if(data8.name !== undefined){
let data9 = data8.name;
const _errs49 = errors;
const _errs50 = errors;
let valid10 = false;
const _errs51 = errors;
if(typeof data9 !== "string"){
const err20 = {instancePath:instancePath+"/scaleTargetRef/name",schemaPath:"#/properties/scaleTargetRef/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid6 = _errs51 === errors;
valid10 = valid10 || _valid6;
if(!valid10){
const _errs53 = errors;
if(!(typeof data9 == "number")){
const err21 = {instancePath:instancePath+"/scaleTargetRef/name",schemaPath:"#/properties/scaleTargetRef/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid6 = _errs53 === errors;
valid10 = valid10 || _valid6;
}
if(!valid10){
const err22 = {instancePath:instancePath+"/scaleTargetRef/name",schemaPath:"#/properties/scaleTargetRef/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs50;
if(vErrors !== null){
if(_errs50){
vErrors.length = _errs50;
}
else {
vErrors = null;
}
}
}
var valid9 = _errs49 === errors;
}
else {
var valid9 = true;
}
if(valid9){
if(data8.kind !== undefined){
let data10 = data8.kind;
const _errs55 = errors;
const _errs56 = errors;
let valid11 = false;
const _errs57 = errors;
if(typeof data10 !== "string"){
const err23 = {instancePath:instancePath+"/scaleTargetRef/kind",schemaPath:"#/properties/scaleTargetRef/properties/kind/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid7 = _errs57 === errors;
valid11 = valid11 || _valid7;
if(!valid11){
const _errs59 = errors;
if(!(typeof data10 == "number")){
const err24 = {instancePath:instancePath+"/scaleTargetRef/kind",schemaPath:"#/properties/scaleTargetRef/properties/kind/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid7 = _errs59 === errors;
valid11 = valid11 || _valid7;
}
if(!valid11){
const err25 = {instancePath:instancePath+"/scaleTargetRef/kind",schemaPath:"#/properties/scaleTargetRef/properties/kind/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
}
var valid9 = _errs55 === errors;
}
else {
var valid9 = true;
}
if(valid9){
if(data8.apiVersion !== undefined){
let data11 = data8.apiVersion;
const _errs61 = errors;
const _errs62 = errors;
let valid12 = false;
const _errs63 = errors;
if(typeof data11 !== "string"){
const err26 = {instancePath:instancePath+"/scaleTargetRef/apiVersion",schemaPath:"#/properties/scaleTargetRef/properties/apiVersion/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid8 = _errs63 === errors;
valid12 = valid12 || _valid8;
if(!valid12){
const _errs65 = errors;
if(!(typeof data11 == "number")){
const err27 = {instancePath:instancePath+"/scaleTargetRef/apiVersion",schemaPath:"#/properties/scaleTargetRef/properties/apiVersion/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid8 = _errs65 === errors;
valid12 = valid12 || _valid8;
}
if(!valid12){
const err28 = {instancePath:instancePath+"/scaleTargetRef/apiVersion",schemaPath:"#/properties/scaleTargetRef/properties/apiVersion/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs62;
if(vErrors !== null){
if(_errs62){
vErrors.length = _errs62;
}
else {
vErrors = null;
}
}
}
var valid9 = _errs61 === errors;
}
else {
var valid9 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/scaleTargetRef",schemaPath:"#/properties/scaleTargetRef/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs46 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.minReplicas !== undefined){
let data12 = data.minReplicas;
const _errs67 = errors;
const _errs68 = errors;
let valid13 = false;
const _errs69 = errors;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
const err29 = {instancePath:instancePath+"/minReplicas",schemaPath:"#/properties/minReplicas/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(errors === _errs69){
if(typeof data12 == "number"){
if(data12 < 1 || isNaN(data12)){
const err30 = {instancePath:instancePath+"/minReplicas",schemaPath:"#/properties/minReplicas/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
var _valid9 = _errs69 === errors;
valid13 = valid13 || _valid9;
if(!valid13){
const _errs71 = errors;
if(typeof data12 !== "string"){
const err31 = {instancePath:instancePath+"/minReplicas",schemaPath:"#/properties/minReplicas/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var _valid9 = _errs71 === errors;
valid13 = valid13 || _valid9;
}
if(!valid13){
const err32 = {instancePath:instancePath+"/minReplicas",schemaPath:"#/properties/minReplicas/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs67 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.maxReplicas !== undefined){
let data13 = data.maxReplicas;
const _errs73 = errors;
const _errs74 = errors;
let valid14 = false;
const _errs75 = errors;
if(!((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13)))){
const err33 = {instancePath:instancePath+"/maxReplicas",schemaPath:"#/properties/maxReplicas/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(errors === _errs75){
if(typeof data13 == "number"){
if(data13 < 1 || isNaN(data13)){
const err34 = {instancePath:instancePath+"/maxReplicas",schemaPath:"#/properties/maxReplicas/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
var _valid10 = _errs75 === errors;
valid14 = valid14 || _valid10;
if(!valid14){
const _errs77 = errors;
if(typeof data13 !== "string"){
const err35 = {instancePath:instancePath+"/maxReplicas",schemaPath:"#/properties/maxReplicas/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid10 = _errs77 === errors;
valid14 = valid14 || _valid10;
}
if(!valid14){
const err36 = {instancePath:instancePath+"/maxReplicas",schemaPath:"#/properties/maxReplicas/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs74;
if(vErrors !== null){
if(_errs74){
vErrors.length = _errs74;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs73 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.cpuUtilization !== undefined){
let data14 = data.cpuUtilization;
const _errs79 = errors;
const _errs80 = errors;
let valid15 = false;
const _errs81 = errors;
if(!((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14)))){
const err37 = {instancePath:instancePath+"/cpuUtilization",schemaPath:"#/properties/cpuUtilization/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(errors === _errs81){
if(typeof data14 == "number"){
if(data14 > 1000 || isNaN(data14)){
const err38 = {instancePath:instancePath+"/cpuUtilization",schemaPath:"#/properties/cpuUtilization/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
else {
if(data14 < 1 || isNaN(data14)){
const err39 = {instancePath:instancePath+"/cpuUtilization",schemaPath:"#/properties/cpuUtilization/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
}
var _valid11 = _errs81 === errors;
valid15 = valid15 || _valid11;
if(!valid15){
const _errs83 = errors;
if(typeof data14 !== "string"){
const err40 = {instancePath:instancePath+"/cpuUtilization",schemaPath:"#/properties/cpuUtilization/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var _valid11 = _errs83 === errors;
valid15 = valid15 || _valid11;
}
if(!valid15){
const err41 = {instancePath:instancePath+"/cpuUtilization",schemaPath:"#/properties/cpuUtilization/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs80;
if(vErrors !== null){
if(_errs80){
vErrors.length = _errs80;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs79 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.memoryUtilization !== undefined){
let data15 = data.memoryUtilization;
const _errs85 = errors;
const _errs86 = errors;
let valid16 = false;
const _errs87 = errors;
if(!((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15)))){
const err42 = {instancePath:instancePath+"/memoryUtilization",schemaPath:"#/properties/memoryUtilization/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(errors === _errs87){
if(typeof data15 == "number"){
if(data15 > 1000 || isNaN(data15)){
const err43 = {instancePath:instancePath+"/memoryUtilization",schemaPath:"#/properties/memoryUtilization/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
else {
if(data15 < 1 || isNaN(data15)){
const err44 = {instancePath:instancePath+"/memoryUtilization",schemaPath:"#/properties/memoryUtilization/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
}
var _valid12 = _errs87 === errors;
valid16 = valid16 || _valid12;
if(!valid16){
const _errs89 = errors;
if(typeof data15 !== "string"){
const err45 = {instancePath:instancePath+"/memoryUtilization",schemaPath:"#/properties/memoryUtilization/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid12 = _errs89 === errors;
valid16 = valid16 || _valid12;
}
if(!valid16){
const err46 = {instancePath:instancePath+"/memoryUtilization",schemaPath:"#/properties/memoryUtilization/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs86;
if(vErrors !== null){
if(_errs86){
vErrors.length = _errs86;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs85 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.behavior !== undefined){
let data16 = data.behavior;
const _errs91 = errors;
if(errors === _errs91){
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
const _errs93 = errors;
for(const key4 in data16){
if(!((key4 === "scaleUp") || (key4 === "scaleDown"))){
validate10.errors = [{instancePath:instancePath+"/behavior",schemaPath:"#/properties/behavior/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs93 === errors){
if(data16.scaleUp !== undefined){
let data17 = data16.scaleUp;
const _errs94 = errors;
if(errors === _errs94){
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
const _errs96 = errors;
for(const key5 in data17){
if(!(((key5 === "stabilizationWindowSeconds") || (key5 === "selectPolicy")) || (key5 === "policies"))){
validate10.errors = [{instancePath:instancePath+"/behavior/scaleUp",schemaPath:"#/properties/behavior/properties/scaleUp/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs96 === errors){
if(data17.stabilizationWindowSeconds !== undefined){
let data18 = data17.stabilizationWindowSeconds;
const _errs97 = errors;
const _errs98 = errors;
let valid19 = false;
const _errs99 = errors;
if(!((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18)))){
const err47 = {instancePath:instancePath+"/behavior/scaleUp/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/stabilizationWindowSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(errors === _errs99){
if(typeof data18 == "number"){
if(data18 > 3600 || isNaN(data18)){
const err48 = {instancePath:instancePath+"/behavior/scaleUp/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/stabilizationWindowSeconds/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600},message:"must be <= 3600"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
else {
if(data18 < 0 || isNaN(data18)){
const err49 = {instancePath:instancePath+"/behavior/scaleUp/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/stabilizationWindowSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
}
var _valid13 = _errs99 === errors;
valid19 = valid19 || _valid13;
if(!valid19){
const _errs101 = errors;
if(typeof data18 !== "string"){
const err50 = {instancePath:instancePath+"/behavior/scaleUp/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/stabilizationWindowSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid13 = _errs101 === errors;
valid19 = valid19 || _valid13;
}
if(!valid19){
const err51 = {instancePath:instancePath+"/behavior/scaleUp/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/stabilizationWindowSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs98;
if(vErrors !== null){
if(_errs98){
vErrors.length = _errs98;
}
else {
vErrors = null;
}
}
}
var valid18 = _errs97 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data17.selectPolicy !== undefined){
let data19 = data17.selectPolicy;
const _errs103 = errors;
const _errs104 = errors;
let valid20 = false;
const _errs105 = errors;
if(typeof data19 !== "string"){
const err52 = {instancePath:instancePath+"/behavior/scaleUp/selectPolicy",schemaPath:"#/properties/behavior/properties/scaleUp/properties/selectPolicy/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid14 = _errs105 === errors;
valid20 = valid20 || _valid14;
if(!valid20){
const _errs107 = errors;
if(!(typeof data19 == "number")){
const err53 = {instancePath:instancePath+"/behavior/scaleUp/selectPolicy",schemaPath:"#/properties/behavior/properties/scaleUp/properties/selectPolicy/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var _valid14 = _errs107 === errors;
valid20 = valid20 || _valid14;
}
if(!valid20){
const err54 = {instancePath:instancePath+"/behavior/scaleUp/selectPolicy",schemaPath:"#/properties/behavior/properties/scaleUp/properties/selectPolicy/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs104;
if(vErrors !== null){
if(_errs104){
vErrors.length = _errs104;
}
else {
vErrors = null;
}
}
}
var valid18 = _errs103 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data17.policies !== undefined){
let data20 = data17.policies;
const _errs109 = errors;
if(errors === _errs109){
if(Array.isArray(data20)){
var valid21 = true;
const len0 = data20.length;
for(let i0=0; i0<len0; i0++){
let data21 = data20[i0];
const _errs111 = errors;
if(errors === _errs111){
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
let missing2;
if((((data21.type === undefined) && (missing2 = "type")) || ((data21.value === undefined) && (missing2 = "value"))) || ((data21.periodSeconds === undefined) && (missing2 = "periodSeconds"))){
validate10.errors = [{instancePath:instancePath+"/behavior/scaleUp/policies/" + i0,schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs113 = errors;
for(const key6 in data21){
if(!(((key6 === "type") || (key6 === "value")) || (key6 === "periodSeconds"))){
validate10.errors = [{instancePath:instancePath+"/behavior/scaleUp/policies/" + i0,schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs113 === errors){
if(data21.type !== undefined){
let data22 = data21.type;
const _errs114 = errors;
const _errs115 = errors;
let valid23 = false;
const _errs116 = errors;
if(typeof data22 !== "string"){
const err55 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/type",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/type/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid15 = _errs116 === errors;
valid23 = valid23 || _valid15;
if(!valid23){
const _errs118 = errors;
if(!(typeof data22 == "number")){
const err56 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/type",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/type/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid15 = _errs118 === errors;
valid23 = valid23 || _valid15;
}
if(!valid23){
const err57 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/type",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/type/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs115;
if(vErrors !== null){
if(_errs115){
vErrors.length = _errs115;
}
else {
vErrors = null;
}
}
}
var valid22 = _errs114 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data21.value !== undefined){
let data23 = data21.value;
const _errs120 = errors;
const _errs121 = errors;
let valid24 = false;
const _errs122 = errors;
if(!((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23)))){
const err58 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/value",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/value/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(errors === _errs122){
if(typeof data23 == "number"){
if(data23 < 1 || isNaN(data23)){
const err59 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/value",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/value/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
var _valid16 = _errs122 === errors;
valid24 = valid24 || _valid16;
if(!valid24){
const _errs124 = errors;
if(typeof data23 !== "string"){
const err60 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/value",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/value/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
var _valid16 = _errs124 === errors;
valid24 = valid24 || _valid16;
}
if(!valid24){
const err61 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/value",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/value/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs121;
if(vErrors !== null){
if(_errs121){
vErrors.length = _errs121;
}
else {
vErrors = null;
}
}
}
var valid22 = _errs120 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data21.periodSeconds !== undefined){
let data24 = data21.periodSeconds;
const _errs126 = errors;
const _errs127 = errors;
let valid25 = false;
const _errs128 = errors;
if(!((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24)))){
const err62 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/periodSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(errors === _errs128){
if(typeof data24 == "number"){
if(data24 > 1800 || isNaN(data24)){
const err63 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/periodSeconds/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1800},message:"must be <= 1800"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
else {
if(data24 < 1 || isNaN(data24)){
const err64 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/periodSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
}
}
var _valid17 = _errs128 === errors;
valid25 = valid25 || _valid17;
if(!valid25){
const _errs130 = errors;
if(typeof data24 !== "string"){
const err65 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/periodSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
var _valid17 = _errs130 === errors;
valid25 = valid25 || _valid17;
}
if(!valid25){
const err66 = {instancePath:instancePath+"/behavior/scaleUp/policies/" + i0+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/properties/periodSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs127;
if(vErrors !== null){
if(_errs127){
vErrors.length = _errs127;
}
else {
vErrors = null;
}
}
}
var valid22 = _errs126 === errors;
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
validate10.errors = [{instancePath:instancePath+"/behavior/scaleUp/policies/" + i0,schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid21 = _errs111 === errors;
if(!valid21){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/behavior/scaleUp/policies",schemaPath:"#/properties/behavior/properties/scaleUp/properties/policies/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid18 = _errs109 === errors;
}
else {
var valid18 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/behavior/scaleUp",schemaPath:"#/properties/behavior/properties/scaleUp/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid17 = _errs94 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data16.scaleDown !== undefined){
let data25 = data16.scaleDown;
const _errs132 = errors;
if(errors === _errs132){
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
const _errs134 = errors;
for(const key7 in data25){
if(!(((key7 === "stabilizationWindowSeconds") || (key7 === "selectPolicy")) || (key7 === "policies"))){
validate10.errors = [{instancePath:instancePath+"/behavior/scaleDown",schemaPath:"#/properties/behavior/properties/scaleDown/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs134 === errors){
if(data25.stabilizationWindowSeconds !== undefined){
let data26 = data25.stabilizationWindowSeconds;
const _errs135 = errors;
const _errs136 = errors;
let valid27 = false;
const _errs137 = errors;
if(!((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26)))){
const err67 = {instancePath:instancePath+"/behavior/scaleDown/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/stabilizationWindowSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(errors === _errs137){
if(typeof data26 == "number"){
if(data26 > 3600 || isNaN(data26)){
const err68 = {instancePath:instancePath+"/behavior/scaleDown/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/stabilizationWindowSeconds/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600},message:"must be <= 3600"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
else {
if(data26 < 0 || isNaN(data26)){
const err69 = {instancePath:instancePath+"/behavior/scaleDown/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/stabilizationWindowSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
}
var _valid18 = _errs137 === errors;
valid27 = valid27 || _valid18;
if(!valid27){
const _errs139 = errors;
if(typeof data26 !== "string"){
const err70 = {instancePath:instancePath+"/behavior/scaleDown/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/stabilizationWindowSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
var _valid18 = _errs139 === errors;
valid27 = valid27 || _valid18;
}
if(!valid27){
const err71 = {instancePath:instancePath+"/behavior/scaleDown/stabilizationWindowSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/stabilizationWindowSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
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
if(data25.selectPolicy !== undefined){
let data27 = data25.selectPolicy;
const _errs141 = errors;
const _errs142 = errors;
let valid28 = false;
const _errs143 = errors;
if(typeof data27 !== "string"){
const err72 = {instancePath:instancePath+"/behavior/scaleDown/selectPolicy",schemaPath:"#/properties/behavior/properties/scaleDown/properties/selectPolicy/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid19 = _errs143 === errors;
valid28 = valid28 || _valid19;
if(!valid28){
const _errs145 = errors;
if(!(typeof data27 == "number")){
const err73 = {instancePath:instancePath+"/behavior/scaleDown/selectPolicy",schemaPath:"#/properties/behavior/properties/scaleDown/properties/selectPolicy/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
var _valid19 = _errs145 === errors;
valid28 = valid28 || _valid19;
}
if(!valid28){
const err74 = {instancePath:instancePath+"/behavior/scaleDown/selectPolicy",schemaPath:"#/properties/behavior/properties/scaleDown/properties/selectPolicy/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
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
if(valid26){
if(data25.policies !== undefined){
let data28 = data25.policies;
const _errs147 = errors;
if(errors === _errs147){
if(Array.isArray(data28)){
var valid29 = true;
const len1 = data28.length;
for(let i1=0; i1<len1; i1++){
let data29 = data28[i1];
const _errs149 = errors;
if(errors === _errs149){
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
let missing3;
if((((data29.type === undefined) && (missing3 = "type")) || ((data29.value === undefined) && (missing3 = "value"))) || ((data29.periodSeconds === undefined) && (missing3 = "periodSeconds"))){
validate10.errors = [{instancePath:instancePath+"/behavior/scaleDown/policies/" + i1,schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs151 = errors;
for(const key8 in data29){
if(!(((key8 === "type") || (key8 === "value")) || (key8 === "periodSeconds"))){
validate10.errors = [{instancePath:instancePath+"/behavior/scaleDown/policies/" + i1,schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs151 === errors){
if(data29.type !== undefined){
let data30 = data29.type;
const _errs152 = errors;
const _errs153 = errors;
let valid31 = false;
const _errs154 = errors;
if(typeof data30 !== "string"){
const err75 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/type",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/type/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
var _valid20 = _errs154 === errors;
valid31 = valid31 || _valid20;
if(!valid31){
const _errs156 = errors;
if(!(typeof data30 == "number")){
const err76 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/type",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/type/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
var _valid20 = _errs156 === errors;
valid31 = valid31 || _valid20;
}
if(!valid31){
const err77 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/type",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/type/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs153;
if(vErrors !== null){
if(_errs153){
vErrors.length = _errs153;
}
else {
vErrors = null;
}
}
}
var valid30 = _errs152 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data29.value !== undefined){
let data31 = data29.value;
const _errs158 = errors;
const _errs159 = errors;
let valid32 = false;
const _errs160 = errors;
if(!((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31)))){
const err78 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/value",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/value/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if(errors === _errs160){
if(typeof data31 == "number"){
if(data31 < 1 || isNaN(data31)){
const err79 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/value",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/value/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
var _valid21 = _errs160 === errors;
valid32 = valid32 || _valid21;
if(!valid32){
const _errs162 = errors;
if(typeof data31 !== "string"){
const err80 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/value",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/value/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
var _valid21 = _errs162 === errors;
valid32 = valid32 || _valid21;
}
if(!valid32){
const err81 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/value",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/value/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs159;
if(vErrors !== null){
if(_errs159){
vErrors.length = _errs159;
}
else {
vErrors = null;
}
}
}
var valid30 = _errs158 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data29.periodSeconds !== undefined){
let data32 = data29.periodSeconds;
const _errs164 = errors;
const _errs165 = errors;
let valid33 = false;
const _errs166 = errors;
if(!((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32)))){
const err82 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/periodSeconds/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if(errors === _errs166){
if(typeof data32 == "number"){
if(data32 > 1800 || isNaN(data32)){
const err83 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/periodSeconds/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1800},message:"must be <= 1800"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
else {
if(data32 < 1 || isNaN(data32)){
const err84 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/periodSeconds/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
}
var _valid22 = _errs166 === errors;
valid33 = valid33 || _valid22;
if(!valid33){
const _errs168 = errors;
if(typeof data32 !== "string"){
const err85 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/periodSeconds/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid22 = _errs168 === errors;
valid33 = valid33 || _valid22;
}
if(!valid33){
const err86 = {instancePath:instancePath+"/behavior/scaleDown/policies/" + i1+"/periodSeconds",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/properties/periodSeconds/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs165;
if(vErrors !== null){
if(_errs165){
vErrors.length = _errs165;
}
else {
vErrors = null;
}
}
}
var valid30 = _errs164 === errors;
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
validate10.errors = [{instancePath:instancePath+"/behavior/scaleDown/policies/" + i1,schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid29 = _errs149 === errors;
if(!valid29){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/behavior/scaleDown/policies",schemaPath:"#/properties/behavior/properties/scaleDown/properties/policies/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid26 = _errs147 === errors;
}
else {
var valid26 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/behavior/scaleDown",schemaPath:"#/properties/behavior/properties/scaleDown/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid17 = _errs132 === errors;
}
else {
var valid17 = true;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/behavior",schemaPath:"#/properties/behavior/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs91 === errors;
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
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

/** True when HorizontalPodAutoscalerSourceSchema (src/types.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const horizontalPodAutoscalerSourceAccepts: (value: unknown) => boolean = validate10;
