// @ts-nocheck
// Generated from ConfigMapSourceSchema (src/types.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/contract.int.test.ts -t 'compiled ahead of time'` in the package.
const schema11 = {"additionalProperties":false,"description":"A ConfigMap owned by the custom resource.","type":"object","properties":{"name":{"description":"The object's name; default <owner>-config.","anyOf":[{"type":"string"},{"type":"number"}]},"namespace":{"description":"The object's namespace; default and only allowed value for a namespaced owner: the owner's.","anyOf":[{"type":"string"},{"type":"number"}]},"labels":{"description":"Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"annotations":{"description":"Annotations.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"recreate":{"description":"On a change the API server refuses in place (an immutable field), delete and create the object instead of failing.","anyOf":[{"type":"boolean"},{"type":"string"}]},"data":{"description":"Keys and their text values.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"binaryData":{"description":"Keys and their values, base64-encoded.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"fromConfigMap":{"description":"Copy keys from another ConfigMap of the namespace; keys declared in data or binaryData win.","anyOf":[{"description":"Name of a ConfigMap in the same namespace whose keys are copied.","anyOf":[{"type":"string"},{"type":"number"}]},{"type":"object","required":["name"],"properties":{"name":{"description":"Name of a ConfigMap in the same namespace whose keys are copied.","anyOf":[{"type":"string"},{"type":"number"}]},"keys":{"description":"Only these keys; all when absent.","type":"array","items":{"type":"string"}}}}]},"immutable":{"description":"Make the ConfigMap immutable: its data can no longer change (changing it needs recreate: true).","anyOf":[{"type":"boolean"},{"type":"string"}]}}};
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
if(data.data !== undefined){
let data7 = data.data;
const _errs40 = errors;
if(errors === _errs40){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
var valid8 = true;
for(const key3 in data7){
if(pattern0.test(key3)){
let data8 = data7[key3];
const _errs42 = errors;
const _errs43 = errors;
let valid9 = false;
const _errs44 = errors;
if(typeof data8 !== "string"){
const err17 = {instancePath:instancePath+"/data/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid5 = _errs44 === errors;
valid9 = valid9 || _valid5;
if(!valid9){
const _errs46 = errors;
if(!(typeof data8 == "number")){
const err18 = {instancePath:instancePath+"/data/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid5 = _errs46 === errors;
valid9 = valid9 || _valid5;
if(!valid9){
const _errs48 = errors;
if(typeof data8 !== "boolean"){
const err19 = {instancePath:instancePath+"/data/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid5 = _errs48 === errors;
valid9 = valid9 || _valid5;
}
}
if(!valid9){
const err20 = {instancePath:instancePath+"/data/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/data/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs43;
if(vErrors !== null){
if(_errs43){
vErrors.length = _errs43;
}
else {
vErrors = null;
}
}
}
var valid8 = _errs42 === errors;
if(!valid8){
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
var valid0 = _errs40 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.binaryData !== undefined){
let data9 = data.binaryData;
const _errs50 = errors;
if(errors === _errs50){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
var valid10 = true;
for(const key4 in data9){
if(pattern0.test(key4)){
let data10 = data9[key4];
const _errs52 = errors;
const _errs53 = errors;
let valid11 = false;
const _errs54 = errors;
if(typeof data10 !== "string"){
const err21 = {instancePath:instancePath+"/binaryData/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/binaryData/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid6 = _errs54 === errors;
valid11 = valid11 || _valid6;
if(!valid11){
const _errs56 = errors;
if(!(typeof data10 == "number")){
const err22 = {instancePath:instancePath+"/binaryData/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/binaryData/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid6 = _errs56 === errors;
valid11 = valid11 || _valid6;
if(!valid11){
const _errs58 = errors;
if(typeof data10 !== "boolean"){
const err23 = {instancePath:instancePath+"/binaryData/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/binaryData/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid6 = _errs58 === errors;
valid11 = valid11 || _valid6;
}
}
if(!valid11){
const err24 = {instancePath:instancePath+"/binaryData/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/binaryData/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
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
var valid10 = _errs52 === errors;
if(!valid10){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/binaryData",schemaPath:"#/properties/binaryData/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs50 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fromConfigMap !== undefined){
let data11 = data.fromConfigMap;
const _errs60 = errors;
const _errs61 = errors;
let valid12 = false;
const _errs62 = errors;
const _errs63 = errors;
let valid13 = false;
const _errs64 = errors;
if(typeof data11 !== "string"){
const err25 = {instancePath:instancePath+"/fromConfigMap",schemaPath:"#/properties/fromConfigMap/anyOf/0/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid8 = _errs64 === errors;
valid13 = valid13 || _valid8;
if(!valid13){
const _errs66 = errors;
if(!(typeof data11 == "number")){
const err26 = {instancePath:instancePath+"/fromConfigMap",schemaPath:"#/properties/fromConfigMap/anyOf/0/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid8 = _errs66 === errors;
valid13 = valid13 || _valid8;
}
if(!valid13){
const err27 = {instancePath:instancePath+"/fromConfigMap",schemaPath:"#/properties/fromConfigMap/anyOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
errors = _errs63;
if(vErrors !== null){
if(_errs63){
vErrors.length = _errs63;
}
else {
vErrors = null;
}
}
}
var _valid7 = _errs62 === errors;
valid12 = valid12 || _valid7;
if(!valid12){
const _errs68 = errors;
if(errors === _errs68){
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
let missing0;
if((data11.name === undefined) && (missing0 = "name")){
const err28 = {instancePath:instancePath+"/fromConfigMap",schemaPath:"#/properties/fromConfigMap/anyOf/1/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
if(data11.name !== undefined){
let data12 = data11.name;
const _errs70 = errors;
const _errs71 = errors;
let valid15 = false;
const _errs72 = errors;
if(typeof data12 !== "string"){
const err29 = {instancePath:instancePath+"/fromConfigMap/name",schemaPath:"#/properties/fromConfigMap/anyOf/1/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid9 = _errs72 === errors;
valid15 = valid15 || _valid9;
if(!valid15){
const _errs74 = errors;
if(!(typeof data12 == "number")){
const err30 = {instancePath:instancePath+"/fromConfigMap/name",schemaPath:"#/properties/fromConfigMap/anyOf/1/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid9 = _errs74 === errors;
valid15 = valid15 || _valid9;
}
if(!valid15){
const err31 = {instancePath:instancePath+"/fromConfigMap/name",schemaPath:"#/properties/fromConfigMap/anyOf/1/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
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
var valid14 = _errs70 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data11.keys !== undefined){
let data13 = data11.keys;
const _errs76 = errors;
if(errors === _errs76){
if(Array.isArray(data13)){
var valid16 = true;
const len0 = data13.length;
for(let i0=0; i0<len0; i0++){
const _errs78 = errors;
if(typeof data13[i0] !== "string"){
const err32 = {instancePath:instancePath+"/fromConfigMap/keys/" + i0,schemaPath:"#/properties/fromConfigMap/anyOf/1/properties/keys/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var valid16 = _errs78 === errors;
if(!valid16){
break;
}
}
}
else {
const err33 = {instancePath:instancePath+"/fromConfigMap/keys",schemaPath:"#/properties/fromConfigMap/anyOf/1/properties/keys/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
var valid14 = _errs76 === errors;
}
else {
var valid14 = true;
}
}
}
}
else {
const err34 = {instancePath:instancePath+"/fromConfigMap",schemaPath:"#/properties/fromConfigMap/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
var _valid7 = _errs68 === errors;
valid12 = valid12 || _valid7;
}
if(!valid12){
const err35 = {instancePath:instancePath+"/fromConfigMap",schemaPath:"#/properties/fromConfigMap/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs61;
if(vErrors !== null){
if(_errs61){
vErrors.length = _errs61;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs60 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.immutable !== undefined){
let data15 = data.immutable;
const _errs80 = errors;
const _errs81 = errors;
let valid17 = false;
const _errs82 = errors;
if(typeof data15 !== "boolean"){
const err36 = {instancePath:instancePath+"/immutable",schemaPath:"#/properties/immutable/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var _valid10 = _errs82 === errors;
valid17 = valid17 || _valid10;
if(!valid17){
const _errs84 = errors;
if(typeof data15 !== "string"){
const err37 = {instancePath:instancePath+"/immutable",schemaPath:"#/properties/immutable/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid10 = _errs84 === errors;
valid17 = valid17 || _valid10;
}
if(!valid17){
const err38 = {instancePath:instancePath+"/immutable",schemaPath:"#/properties/immutable/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs81;
if(vErrors !== null){
if(_errs81){
vErrors.length = _errs81;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs80 === errors;
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
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

/** True when ConfigMapSourceSchema (src/types.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const configMapSourceAccepts: (value: unknown) => boolean = validate10;
