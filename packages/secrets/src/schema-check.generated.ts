// @ts-nocheck
// Generated from SecretSourceSchema (src/types.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/contract.int.test.ts -t 'compiled ahead of time'` in the package.
const schema11 = {"additionalProperties":false,"description":"A Secret owned by the custom resource.","type":"object","properties":{"name":{"description":"The object's name; default <owner>-secret.","anyOf":[{"type":"string"},{"type":"number"}]},"namespace":{"description":"The object's namespace; default and only allowed value for a namespaced owner: the owner's.","anyOf":[{"type":"string"},{"type":"number"}]},"labels":{"description":"Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"annotations":{"description":"Annotations.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"recreate":{"description":"On a change the API server refuses in place (an immutable field), delete and create the object instead of failing.","anyOf":[{"type":"boolean"},{"type":"string"}]},"type":{"description":"The Secret type: Opaque (default), kubernetes.io/tls (needs tls.crt and tls.key), kubernetes.io/dockerconfigjson (needs .dockerconfigjson), kubernetes.io/basic-auth (username and/or password), kubernetes.io/ssh-auth (needs ssh-privatekey), or any other type name. Cannot change once created.","anyOf":[{"type":"string"},{"type":"number"}]},"stringData":{"description":"Keys and their plain-text values; written base64-encoded as data.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"data":{"description":"Keys and their values, base64-encoded.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"fromSecret":{"description":"Copy keys from another Secret of the namespace; keys declared in stringData, data or generate win.","anyOf":[{"description":"Name of a Secret in the same namespace whose keys are copied.","anyOf":[{"type":"string"},{"type":"number"}]},{"type":"object","required":["name"],"properties":{"name":{"description":"Name of a Secret in the same namespace whose keys are copied.","anyOf":[{"type":"string"},{"type":"number"}]},"keys":{"description":"Only these keys; all when absent.","type":"array","items":{"type":"string"}}}}]},"generate":{"description":"Keys whose random value is generated when the Secret is created (or the key is missing) and then kept: never rewritten.","anyOf":[{"description":"Keys to generate: 32 alphanumeric characters each.","type":"array","items":{"type":"string"}},{"description":"Keys to generate, each with its length and alphabet (null: the defaults).","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"additionalProperties":false,"type":"object","properties":{"length":{"description":"Number of characters; default 32, at most 4096.","anyOf":[{"minimum":1,"maximum":4096,"type":"integer"},{"type":"string"}]},"charset":{"description":"Alphabet: alphanumeric, hex, numeric, base64url, printable; default alphanumeric.","anyOf":[{"type":"string"},{"type":"number"}]}}},{"type":"null"}]}}}]},"immutable":{"description":"Make the Secret immutable: its data can no longer change (changing it needs recreate: true).","anyOf":[{"type":"boolean"},{"type":"string"}]}}};
const func2 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp("^(.*)$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
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
if(data.type !== undefined){
let data7 = data.type;
const _errs40 = errors;
const _errs41 = errors;
let valid8 = false;
const _errs42 = errors;
if(typeof data7 !== "string"){
const err17 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err18 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err19 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
if(data.stringData !== undefined){
let data8 = data.stringData;
const _errs46 = errors;
if(errors === _errs46){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
var valid9 = true;
for(const key3 in data8){
if(pattern0.test(key3)){
let data9 = data8[key3];
const _errs48 = errors;
const _errs49 = errors;
let valid10 = false;
const _errs50 = errors;
if(typeof data9 !== "string"){
const err20 = {instancePath:instancePath+"/stringData/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/stringData/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid6 = _errs50 === errors;
valid10 = valid10 || _valid6;
if(!valid10){
const _errs52 = errors;
if(!(typeof data9 == "number")){
const err21 = {instancePath:instancePath+"/stringData/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/stringData/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid6 = _errs52 === errors;
valid10 = valid10 || _valid6;
if(!valid10){
const _errs54 = errors;
if(typeof data9 !== "boolean"){
const err22 = {instancePath:instancePath+"/stringData/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/stringData/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid6 = _errs54 === errors;
valid10 = valid10 || _valid6;
}
}
if(!valid10){
const err23 = {instancePath:instancePath+"/stringData/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/stringData/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs49;
if(vErrors !== null){
if(_errs49){
vErrors.length = _errs49;
}
else {
vErrors = null;
}
}
}
var valid9 = _errs48 === errors;
if(!valid9){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/stringData",schemaPath:"#/properties/stringData/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs46 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.data !== undefined){
let data10 = data.data;
const _errs56 = errors;
if(errors === _errs56){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
var valid11 = true;
for(const key4 in data10){
if(pattern0.test(key4)){
let data11 = data10[key4];
const _errs58 = errors;
const _errs59 = errors;
let valid12 = false;
const _errs60 = errors;
if(typeof data11 !== "string"){
const err24 = {instancePath:instancePath+"/data/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid7 = _errs60 === errors;
valid12 = valid12 || _valid7;
if(!valid12){
const _errs62 = errors;
if(!(typeof data11 == "number")){
const err25 = {instancePath:instancePath+"/data/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid7 = _errs62 === errors;
valid12 = valid12 || _valid7;
if(!valid12){
const _errs64 = errors;
if(typeof data11 !== "boolean"){
const err26 = {instancePath:instancePath+"/data/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid7 = _errs64 === errors;
valid12 = valid12 || _valid7;
}
}
if(!valid12){
const err27 = {instancePath:instancePath+"/data/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
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
var valid11 = _errs58 === errors;
if(!valid11){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs56 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fromSecret !== undefined){
let data12 = data.fromSecret;
const _errs66 = errors;
const _errs67 = errors;
let valid13 = false;
const _errs68 = errors;
const _errs69 = errors;
let valid14 = false;
const _errs70 = errors;
if(typeof data12 !== "string"){
const err28 = {instancePath:instancePath+"/fromSecret",schemaPath:"#/properties/fromSecret/anyOf/0/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid9 = _errs70 === errors;
valid14 = valid14 || _valid9;
if(!valid14){
const _errs72 = errors;
if(!(typeof data12 == "number")){
const err29 = {instancePath:instancePath+"/fromSecret",schemaPath:"#/properties/fromSecret/anyOf/0/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid9 = _errs72 === errors;
valid14 = valid14 || _valid9;
}
if(!valid14){
const err30 = {instancePath:instancePath+"/fromSecret",schemaPath:"#/properties/fromSecret/anyOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
errors = _errs69;
if(vErrors !== null){
if(_errs69){
vErrors.length = _errs69;
}
else {
vErrors = null;
}
}
}
var _valid8 = _errs68 === errors;
valid13 = valid13 || _valid8;
if(!valid13){
const _errs74 = errors;
if(errors === _errs74){
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
let missing0;
if((data12.name === undefined) && (missing0 = "name")){
const err31 = {instancePath:instancePath+"/fromSecret",schemaPath:"#/properties/fromSecret/anyOf/1/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
if(data12.name !== undefined){
let data13 = data12.name;
const _errs76 = errors;
const _errs77 = errors;
let valid16 = false;
const _errs78 = errors;
if(typeof data13 !== "string"){
const err32 = {instancePath:instancePath+"/fromSecret/name",schemaPath:"#/properties/fromSecret/anyOf/1/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid10 = _errs78 === errors;
valid16 = valid16 || _valid10;
if(!valid16){
const _errs80 = errors;
if(!(typeof data13 == "number")){
const err33 = {instancePath:instancePath+"/fromSecret/name",schemaPath:"#/properties/fromSecret/anyOf/1/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid10 = _errs80 === errors;
valid16 = valid16 || _valid10;
}
if(!valid16){
const err34 = {instancePath:instancePath+"/fromSecret/name",schemaPath:"#/properties/fromSecret/anyOf/1/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
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
var valid15 = _errs76 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data12.keys !== undefined){
let data14 = data12.keys;
const _errs82 = errors;
if(errors === _errs82){
if(Array.isArray(data14)){
var valid17 = true;
const len0 = data14.length;
for(let i0=0; i0<len0; i0++){
const _errs84 = errors;
if(typeof data14[i0] !== "string"){
const err35 = {instancePath:instancePath+"/fromSecret/keys/" + i0,schemaPath:"#/properties/fromSecret/anyOf/1/properties/keys/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var valid17 = _errs84 === errors;
if(!valid17){
break;
}
}
}
else {
const err36 = {instancePath:instancePath+"/fromSecret/keys",schemaPath:"#/properties/fromSecret/anyOf/1/properties/keys/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
var valid15 = _errs82 === errors;
}
else {
var valid15 = true;
}
}
}
}
else {
const err37 = {instancePath:instancePath+"/fromSecret",schemaPath:"#/properties/fromSecret/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
var _valid8 = _errs74 === errors;
valid13 = valid13 || _valid8;
}
if(!valid13){
const err38 = {instancePath:instancePath+"/fromSecret",schemaPath:"#/properties/fromSecret/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs67;
if(vErrors !== null){
if(_errs67){
vErrors.length = _errs67;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs66 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.generate !== undefined){
let data16 = data.generate;
const _errs86 = errors;
const _errs87 = errors;
let valid18 = false;
const _errs88 = errors;
if(errors === _errs88){
if(Array.isArray(data16)){
var valid19 = true;
const len1 = data16.length;
for(let i1=0; i1<len1; i1++){
const _errs90 = errors;
if(typeof data16[i1] !== "string"){
const err39 = {instancePath:instancePath+"/generate/" + i1,schemaPath:"#/properties/generate/anyOf/0/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var valid19 = _errs90 === errors;
if(!valid19){
break;
}
}
}
else {
const err40 = {instancePath:instancePath+"/generate",schemaPath:"#/properties/generate/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
var _valid11 = _errs88 === errors;
valid18 = valid18 || _valid11;
if(!valid18){
const _errs92 = errors;
if(errors === _errs92){
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
var valid20 = true;
for(const key5 in data16){
if(pattern0.test(key5)){
let data18 = data16[key5];
const _errs94 = errors;
const _errs95 = errors;
let valid21 = false;
const _errs96 = errors;
if(errors === _errs96){
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
const _errs98 = errors;
for(const key6 in data18){
if(!((key6 === "length") || (key6 === "charset"))){
const err41 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
break;
}
}
if(_errs98 === errors){
if(data18.length !== undefined){
let data19 = data18.length;
const _errs99 = errors;
const _errs100 = errors;
let valid23 = false;
const _errs101 = errors;
if(!((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19)))){
const err42 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/length",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/length/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(errors === _errs101){
if(typeof data19 == "number"){
if(data19 > 4096 || isNaN(data19)){
const err43 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/length",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/length/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4096},message:"must be <= 4096"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
else {
if(data19 < 1 || isNaN(data19)){
const err44 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/length",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/length/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
var _valid13 = _errs101 === errors;
valid23 = valid23 || _valid13;
if(!valid23){
const _errs103 = errors;
if(typeof data19 !== "string"){
const err45 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/length",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/length/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid13 = _errs103 === errors;
valid23 = valid23 || _valid13;
}
if(!valid23){
const err46 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/length",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/length/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs100;
if(vErrors !== null){
if(_errs100){
vErrors.length = _errs100;
}
else {
vErrors = null;
}
}
}
var valid22 = _errs99 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data18.charset !== undefined){
let data20 = data18.charset;
const _errs105 = errors;
const _errs106 = errors;
let valid24 = false;
const _errs107 = errors;
if(typeof data20 !== "string"){
const err47 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/charset",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/charset/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var _valid14 = _errs107 === errors;
valid24 = valid24 || _valid14;
if(!valid24){
const _errs109 = errors;
if(!(typeof data20 == "number")){
const err48 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/charset",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/charset/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
var _valid14 = _errs109 === errors;
valid24 = valid24 || _valid14;
}
if(!valid24){
const err49 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1")+"/charset",schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/properties/charset/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
else {
errors = _errs106;
if(vErrors !== null){
if(_errs106){
vErrors.length = _errs106;
}
else {
vErrors = null;
}
}
}
var valid22 = _errs105 === errors;
}
else {
var valid22 = true;
}
}
}
}
else {
const err50 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
var _valid12 = _errs96 === errors;
valid21 = valid21 || _valid12;
if(!valid21){
const _errs111 = errors;
if(data18 !== null){
const err51 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var _valid12 = _errs111 === errors;
valid21 = valid21 || _valid12;
}
if(!valid21){
const err52 = {instancePath:instancePath+"/generate/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/generate/anyOf/1/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
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
var valid20 = _errs94 === errors;
if(!valid20){
break;
}
}
}
}
else {
const err53 = {instancePath:instancePath+"/generate",schemaPath:"#/properties/generate/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
var _valid11 = _errs92 === errors;
valid18 = valid18 || _valid11;
}
if(!valid18){
const err54 = {instancePath:instancePath+"/generate",schemaPath:"#/properties/generate/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
var valid0 = _errs86 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.immutable !== undefined){
let data21 = data.immutable;
const _errs113 = errors;
const _errs114 = errors;
let valid25 = false;
const _errs115 = errors;
if(typeof data21 !== "boolean"){
const err55 = {instancePath:instancePath+"/immutable",schemaPath:"#/properties/immutable/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid15 = _errs115 === errors;
valid25 = valid25 || _valid15;
if(!valid25){
const _errs117 = errors;
if(typeof data21 !== "string"){
const err56 = {instancePath:instancePath+"/immutable",schemaPath:"#/properties/immutable/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid15 = _errs117 === errors;
valid25 = valid25 || _valid15;
}
if(!valid25){
const err57 = {instancePath:instancePath+"/immutable",schemaPath:"#/properties/immutable/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs114;
if(vErrors !== null){
if(_errs114){
vErrors.length = _errs114;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs113 === errors;
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
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

/** True when SecretSourceSchema (src/types.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const secretSourceAccepts: (value: unknown) => boolean = validate10;
