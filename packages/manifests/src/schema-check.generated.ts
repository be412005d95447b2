// @ts-nocheck
// Generated from ManifestSourceSchema (src/types.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/contract.int.test.ts -t 'compiled ahead of time'` in the package.
const codePoints = (text) => [...text].length;
const schema11 = {"additionalProperties":true,"description":"Any Kubernetes object owned by the custom resource, written as in a manifest.","type":"object","required":["apiVersion","kind","metadata"],"properties":{"apiVersion":{"description":"The object's apiVersion, e.g. apps/v1; literal (no template), so the reconciler knows which kinds to watch.","minLength":1,"type":"string"},"kind":{"description":"The object's kind, e.g. StatefulSet; literal (no template).","minLength":1,"type":"string"},"metadata":{"additionalProperties":false,"description":"name, namespace, labels and annotations; owner references and the rest are Orkestra's or the server's.","type":"object","required":["name"],"properties":{"name":{"description":"The object's name (required).","anyOf":[{"type":"string"},{"type":"number"}]},"namespace":{"description":"The object's namespace; default and only allowed value for a namespaced owner: the owner's. Ignored for cluster-scoped kinds.","anyOf":[{"type":"string"},{"type":"number"}]},"labels":{"description":"Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"annotations":{"description":"Annotations.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}}}},"recreate":{"description":"On a change the API server refuses in place (an immutable field), delete and create the object instead of failing.","anyOf":[{"type":"boolean"},{"type":"string"}]}}};
const func2 = codePoints;
const pattern0 = new RegExp("^(.*)$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.apiVersion === undefined) && (missing0 = "apiVersion")) || ((data.kind === undefined) && (missing0 = "kind"))) || ((data.metadata === undefined) && (missing0 = "metadata"))){
validate10.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.apiVersion !== undefined){
let data0 = data.apiVersion;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 === "string"){
if(func2(data0) < 1){
validate10.errors = [{instancePath:instancePath+"/apiVersion",schemaPath:"#/properties/apiVersion/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/apiVersion",schemaPath:"#/properties/apiVersion/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.kind !== undefined){
let data1 = data.kind;
const _errs4 = errors;
if(errors === _errs4){
if(typeof data1 === "string"){
if(func2(data1) < 1){
validate10.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data2 = data.metadata;
const _errs6 = errors;
if(errors === _errs6){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if((data2.name === undefined) && (missing1 = "name")){
validate10.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs8 = errors;
for(const key0 in data2){
if(!((((key0 === "name") || (key0 === "namespace")) || (key0 === "labels")) || (key0 === "annotations"))){
validate10.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs8 === errors){
if(data2.name !== undefined){
let data3 = data2.name;
const _errs9 = errors;
const _errs10 = errors;
let valid2 = false;
const _errs11 = errors;
if(typeof data3 !== "string"){
const err0 = {instancePath:instancePath+"/metadata/name",schemaPath:"#/properties/metadata/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs11 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const _errs13 = errors;
if(!(typeof data3 == "number")){
const err1 = {instancePath:instancePath+"/metadata/name",schemaPath:"#/properties/metadata/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid0 = _errs13 === errors;
valid2 = valid2 || _valid0;
}
if(!valid2){
const err2 = {instancePath:instancePath+"/metadata/name",schemaPath:"#/properties/metadata/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
var valid1 = _errs9 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.namespace !== undefined){
let data4 = data2.namespace;
const _errs15 = errors;
const _errs16 = errors;
let valid3 = false;
const _errs17 = errors;
if(typeof data4 !== "string"){
const err3 = {instancePath:instancePath+"/metadata/namespace",schemaPath:"#/properties/metadata/properties/namespace/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid1 = _errs17 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs19 = errors;
if(!(typeof data4 == "number")){
const err4 = {instancePath:instancePath+"/metadata/namespace",schemaPath:"#/properties/metadata/properties/namespace/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs19 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err5 = {instancePath:instancePath+"/metadata/namespace",schemaPath:"#/properties/metadata/properties/namespace/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
}
var valid1 = _errs15 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.labels !== undefined){
let data5 = data2.labels;
const _errs21 = errors;
if(errors === _errs21){
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
var valid4 = true;
for(const key1 in data5){
if(pattern0.test(key1)){
let data6 = data5[key1];
const _errs23 = errors;
const _errs24 = errors;
let valid5 = false;
const _errs25 = errors;
if(typeof data6 !== "string"){
const err6 = {instancePath:instancePath+"/metadata/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/labels/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid2 = _errs25 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs27 = errors;
if(!(typeof data6 == "number")){
const err7 = {instancePath:instancePath+"/metadata/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/labels/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid2 = _errs27 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs29 = errors;
if(typeof data6 !== "boolean"){
const err8 = {instancePath:instancePath+"/metadata/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/labels/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs29 === errors;
valid5 = valid5 || _valid2;
}
}
if(!valid5){
const err9 = {instancePath:instancePath+"/metadata/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/labels/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
var valid4 = _errs23 === errors;
if(!valid4){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/metadata/labels",schemaPath:"#/properties/metadata/properties/labels/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs21 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.annotations !== undefined){
let data7 = data2.annotations;
const _errs31 = errors;
if(errors === _errs31){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
var valid6 = true;
for(const key2 in data7){
if(pattern0.test(key2)){
let data8 = data7[key2];
const _errs33 = errors;
const _errs34 = errors;
let valid7 = false;
const _errs35 = errors;
if(typeof data8 !== "string"){
const err10 = {instancePath:instancePath+"/metadata/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/annotations/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid3 = _errs35 === errors;
valid7 = valid7 || _valid3;
if(!valid7){
const _errs37 = errors;
if(!(typeof data8 == "number")){
const err11 = {instancePath:instancePath+"/metadata/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/annotations/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid3 = _errs37 === errors;
valid7 = valid7 || _valid3;
if(!valid7){
const _errs39 = errors;
if(typeof data8 !== "boolean"){
const err12 = {instancePath:instancePath+"/metadata/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/annotations/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid3 = _errs39 === errors;
valid7 = valid7 || _valid3;
}
}
if(!valid7){
const err13 = {instancePath:instancePath+"/metadata/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/properties/annotations/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs34;
if(vErrors !== null){
if(_errs34){
vErrors.length = _errs34;
}
else {
vErrors = null;
}
}
}
var valid6 = _errs33 === errors;
if(!valid6){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/metadata/annotations",schemaPath:"#/properties/metadata/properties/annotations/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs31 === errors;
}
else {
var valid1 = true;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.recreate !== undefined){
let data9 = data.recreate;
const _errs41 = errors;
const _errs42 = errors;
let valid8 = false;
const _errs43 = errors;
if(typeof data9 !== "boolean"){
const err14 = {instancePath:instancePath+"/recreate",schemaPath:"#/properties/recreate/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid4 = _errs43 === errors;
valid8 = valid8 || _valid4;
if(!valid8){
const _errs45 = errors;
if(typeof data9 !== "string"){
const err15 = {instancePath:instancePath+"/recreate",schemaPath:"#/properties/recreate/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid4 = _errs45 === errors;
valid8 = valid8 || _valid4;
}
if(!valid8){
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
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
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

/** True when ManifestSourceSchema (src/types.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const manifestSourceAccepts: (value: unknown) => boolean = validate10;
