// @ts-nocheck
// Generated from ServiceSourceSchema (src/types.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/contract.int.test.ts -t 'compiled ahead of time'` in the package.
const schema11 = {"additionalProperties":false,"description":"A Service owned by the custom resource.","type":"object","properties":{"name":{"description":"The object's name; default <owner>-svc.","anyOf":[{"type":"string"},{"type":"number"}]},"namespace":{"description":"The object's namespace; default and only allowed value for a namespaced owner: the owner's.","anyOf":[{"type":"string"},{"type":"number"}]},"labels":{"description":"Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"annotations":{"description":"Annotations.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}},"recreate":{"description":"On a change the API server refuses in place (an immutable field), delete and create the object instead of failing.","anyOf":[{"type":"boolean"},{"type":"string"}]},"type":{"description":"ClusterIP (default), NodePort or LoadBalancer.","anyOf":[{"type":"string"},{"type":"number"}]},"headless":{"description":"A headless Service (clusterIP: None): DNS names each pod instead of one virtual IP. ClusterIP only; fixed at creation.","anyOf":[{"type":"boolean"},{"type":"string"}]},"ports":{"description":"The ports; several need unique names. Or use the one-port shorthand port, targetPort, protocol, nodePort.","type":"array","items":{"additionalProperties":false,"type":"object","required":["port"],"properties":{"name":{"description":"The port's name, a DNS-1123 label; required, and unique, when the Service has several ports.","anyOf":[{"type":"string"},{"type":"number"}]},"port":{"description":"The port the Service listens on, 1 to 65535.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"targetPort":{"description":"The pods' port: a number, or the name of a container port. Default: the same as port.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"protocol":{"description":"TCP (default), UDP or SCTP.","anyOf":[{"type":"string"},{"type":"number"}]},"nodePort":{"description":"The port on every node, 30000 to 32767, for type NodePort or LoadBalancer; allocated by the API server when absent.","anyOf":[{"minimum":30000,"maximum":32767,"type":"integer"},{"type":"string"}]}}}},"port":{"description":"The port the Service listens on, 1 to 65535.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"targetPort":{"description":"The pods' port: a number, or the name of a container port. Default: the same as port.","anyOf":[{"minimum":1,"maximum":65535,"type":"integer"},{"type":"string"}]},"protocol":{"description":"TCP (default), UDP or SCTP.","anyOf":[{"type":"string"},{"type":"number"}]},"nodePort":{"description":"The port on every node, 30000 to 32767, for type NodePort or LoadBalancer; allocated by the API server when absent.","anyOf":[{"minimum":30000,"maximum":32767,"type":"integer"},{"type":"string"}]},"selector":{"description":"The pods the Service sends traffic to. Default: every pod of the owner (orkestra-owner: <owner>); {} for a Service without a selector.","type":"object","patternProperties":{"^(.*)$":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]}}}}};
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
if(data.headless !== undefined){
let data8 = data.headless;
const _errs46 = errors;
const _errs47 = errors;
let valid9 = false;
const _errs48 = errors;
if(typeof data8 !== "boolean"){
const err20 = {instancePath:instancePath+"/headless",schemaPath:"#/properties/headless/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(typeof data8 !== "string"){
const err21 = {instancePath:instancePath+"/headless",schemaPath:"#/properties/headless/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err22 = {instancePath:instancePath+"/headless",schemaPath:"#/properties/headless/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
if(data.ports !== undefined){
let data9 = data.ports;
const _errs52 = errors;
if(errors === _errs52){
if(Array.isArray(data9)){
var valid10 = true;
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
let data10 = data9[i0];
const _errs54 = errors;
if(errors === _errs54){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
let missing0;
if((data10.port === undefined) && (missing0 = "port")){
validate10.errors = [{instancePath:instancePath+"/ports/" + i0,schemaPath:"#/properties/ports/items/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs56 = errors;
for(const key3 in data10){
if(!(((((key3 === "name") || (key3 === "port")) || (key3 === "targetPort")) || (key3 === "protocol")) || (key3 === "nodePort"))){
validate10.errors = [{instancePath:instancePath+"/ports/" + i0,schemaPath:"#/properties/ports/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs56 === errors){
if(data10.name !== undefined){
let data11 = data10.name;
const _errs57 = errors;
const _errs58 = errors;
let valid12 = false;
const _errs59 = errors;
if(typeof data11 !== "string"){
const err23 = {instancePath:instancePath+"/ports/" + i0+"/name",schemaPath:"#/properties/ports/items/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid7 = _errs59 === errors;
valid12 = valid12 || _valid7;
if(!valid12){
const _errs61 = errors;
if(!(typeof data11 == "number")){
const err24 = {instancePath:instancePath+"/ports/" + i0+"/name",schemaPath:"#/properties/ports/items/properties/name/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid7 = _errs61 === errors;
valid12 = valid12 || _valid7;
}
if(!valid12){
const err25 = {instancePath:instancePath+"/ports/" + i0+"/name",schemaPath:"#/properties/ports/items/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs58;
if(vErrors !== null){
if(_errs58){
vErrors.length = _errs58;
}
else {
vErrors = null;
}
}
}
var valid11 = _errs57 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data10.port !== undefined){
let data12 = data10.port;
const _errs63 = errors;
const _errs64 = errors;
let valid13 = false;
const _errs65 = errors;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
const err26 = {instancePath:instancePath+"/ports/" + i0+"/port",schemaPath:"#/properties/ports/items/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(errors === _errs65){
if(typeof data12 == "number"){
if(data12 > 65535 || isNaN(data12)){
const err27 = {instancePath:instancePath+"/ports/" + i0+"/port",schemaPath:"#/properties/ports/items/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
if(data12 < 1 || isNaN(data12)){
const err28 = {instancePath:instancePath+"/ports/" + i0+"/port",schemaPath:"#/properties/ports/items/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
}
var _valid8 = _errs65 === errors;
valid13 = valid13 || _valid8;
if(!valid13){
const _errs67 = errors;
if(typeof data12 !== "string"){
const err29 = {instancePath:instancePath+"/ports/" + i0+"/port",schemaPath:"#/properties/ports/items/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid8 = _errs67 === errors;
valid13 = valid13 || _valid8;
}
if(!valid13){
const err30 = {instancePath:instancePath+"/ports/" + i0+"/port",schemaPath:"#/properties/ports/items/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs64;
if(vErrors !== null){
if(_errs64){
vErrors.length = _errs64;
}
else {
vErrors = null;
}
}
}
var valid11 = _errs63 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data10.targetPort !== undefined){
let data13 = data10.targetPort;
const _errs69 = errors;
const _errs70 = errors;
let valid14 = false;
const _errs71 = errors;
if(!((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13)))){
const err31 = {instancePath:instancePath+"/ports/" + i0+"/targetPort",schemaPath:"#/properties/ports/items/properties/targetPort/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(errors === _errs71){
if(typeof data13 == "number"){
if(data13 > 65535 || isNaN(data13)){
const err32 = {instancePath:instancePath+"/ports/" + i0+"/targetPort",schemaPath:"#/properties/ports/items/properties/targetPort/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
else {
if(data13 < 1 || isNaN(data13)){
const err33 = {instancePath:instancePath+"/ports/" + i0+"/targetPort",schemaPath:"#/properties/ports/items/properties/targetPort/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
}
var _valid9 = _errs71 === errors;
valid14 = valid14 || _valid9;
if(!valid14){
const _errs73 = errors;
if(typeof data13 !== "string"){
const err34 = {instancePath:instancePath+"/ports/" + i0+"/targetPort",schemaPath:"#/properties/ports/items/properties/targetPort/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid9 = _errs73 === errors;
valid14 = valid14 || _valid9;
}
if(!valid14){
const err35 = {instancePath:instancePath+"/ports/" + i0+"/targetPort",schemaPath:"#/properties/ports/items/properties/targetPort/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs70;
if(vErrors !== null){
if(_errs70){
vErrors.length = _errs70;
}
else {
vErrors = null;
}
}
}
var valid11 = _errs69 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data10.protocol !== undefined){
let data14 = data10.protocol;
const _errs75 = errors;
const _errs76 = errors;
let valid15 = false;
const _errs77 = errors;
if(typeof data14 !== "string"){
const err36 = {instancePath:instancePath+"/ports/" + i0+"/protocol",schemaPath:"#/properties/ports/items/properties/protocol/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var _valid10 = _errs77 === errors;
valid15 = valid15 || _valid10;
if(!valid15){
const _errs79 = errors;
if(!(typeof data14 == "number")){
const err37 = {instancePath:instancePath+"/ports/" + i0+"/protocol",schemaPath:"#/properties/ports/items/properties/protocol/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid10 = _errs79 === errors;
valid15 = valid15 || _valid10;
}
if(!valid15){
const err38 = {instancePath:instancePath+"/ports/" + i0+"/protocol",schemaPath:"#/properties/ports/items/properties/protocol/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
errors = _errs76;
if(vErrors !== null){
if(_errs76){
vErrors.length = _errs76;
}
else {
vErrors = null;
}
}
}
var valid11 = _errs75 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data10.nodePort !== undefined){
let data15 = data10.nodePort;
const _errs81 = errors;
const _errs82 = errors;
let valid16 = false;
const _errs83 = errors;
if(!((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15)))){
const err39 = {instancePath:instancePath+"/ports/" + i0+"/nodePort",schemaPath:"#/properties/ports/items/properties/nodePort/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(errors === _errs83){
if(typeof data15 == "number"){
if(data15 > 32767 || isNaN(data15)){
const err40 = {instancePath:instancePath+"/ports/" + i0+"/nodePort",schemaPath:"#/properties/ports/items/properties/nodePort/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32767},message:"must be <= 32767"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
if(data15 < 30000 || isNaN(data15)){
const err41 = {instancePath:instancePath+"/ports/" + i0+"/nodePort",schemaPath:"#/properties/ports/items/properties/nodePort/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 30000},message:"must be >= 30000"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
}
var _valid11 = _errs83 === errors;
valid16 = valid16 || _valid11;
if(!valid16){
const _errs85 = errors;
if(typeof data15 !== "string"){
const err42 = {instancePath:instancePath+"/ports/" + i0+"/nodePort",schemaPath:"#/properties/ports/items/properties/nodePort/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
var _valid11 = _errs85 === errors;
valid16 = valid16 || _valid11;
}
if(!valid16){
const err43 = {instancePath:instancePath+"/ports/" + i0+"/nodePort",schemaPath:"#/properties/ports/items/properties/nodePort/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs82;
if(vErrors !== null){
if(_errs82){
vErrors.length = _errs82;
}
else {
vErrors = null;
}
}
}
var valid11 = _errs81 === errors;
}
else {
var valid11 = true;
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/ports/" + i0,schemaPath:"#/properties/ports/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid10 = _errs54 === errors;
if(!valid10){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/ports",schemaPath:"#/properties/ports/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs52 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.port !== undefined){
let data16 = data.port;
const _errs87 = errors;
const _errs88 = errors;
let valid17 = false;
const _errs89 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
const err44 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(errors === _errs89){
if(typeof data16 == "number"){
if(data16 > 65535 || isNaN(data16)){
const err45 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
else {
if(data16 < 1 || isNaN(data16)){
const err46 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
}
var _valid12 = _errs89 === errors;
valid17 = valid17 || _valid12;
if(!valid17){
const _errs91 = errors;
if(typeof data16 !== "string"){
const err47 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var _valid12 = _errs91 === errors;
valid17 = valid17 || _valid12;
}
if(!valid17){
const err48 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs88;
if(vErrors !== null){
if(_errs88){
vErrors.length = _errs88;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs87 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.targetPort !== undefined){
let data17 = data.targetPort;
const _errs93 = errors;
const _errs94 = errors;
let valid18 = false;
const _errs95 = errors;
if(!((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17)))){
const err49 = {instancePath:instancePath+"/targetPort",schemaPath:"#/properties/targetPort/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(errors === _errs95){
if(typeof data17 == "number"){
if(data17 > 65535 || isNaN(data17)){
const err50 = {instancePath:instancePath+"/targetPort",schemaPath:"#/properties/targetPort/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
else {
if(data17 < 1 || isNaN(data17)){
const err51 = {instancePath:instancePath+"/targetPort",schemaPath:"#/properties/targetPort/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
}
var _valid13 = _errs95 === errors;
valid18 = valid18 || _valid13;
if(!valid18){
const _errs97 = errors;
if(typeof data17 !== "string"){
const err52 = {instancePath:instancePath+"/targetPort",schemaPath:"#/properties/targetPort/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid13 = _errs97 === errors;
valid18 = valid18 || _valid13;
}
if(!valid18){
const err53 = {instancePath:instancePath+"/targetPort",schemaPath:"#/properties/targetPort/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs94;
if(vErrors !== null){
if(_errs94){
vErrors.length = _errs94;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs93 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.protocol !== undefined){
let data18 = data.protocol;
const _errs99 = errors;
const _errs100 = errors;
let valid19 = false;
const _errs101 = errors;
if(typeof data18 !== "string"){
const err54 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid14 = _errs101 === errors;
valid19 = valid19 || _valid14;
if(!valid19){
const _errs103 = errors;
if(!(typeof data18 == "number")){
const err55 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid14 = _errs103 === errors;
valid19 = valid19 || _valid14;
}
if(!valid19){
const err56 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
validate10.errors = vErrors;
return false;
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
var valid0 = _errs99 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.nodePort !== undefined){
let data19 = data.nodePort;
const _errs105 = errors;
const _errs106 = errors;
let valid20 = false;
const _errs107 = errors;
if(!((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19)))){
const err57 = {instancePath:instancePath+"/nodePort",schemaPath:"#/properties/nodePort/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(errors === _errs107){
if(typeof data19 == "number"){
if(data19 > 32767 || isNaN(data19)){
const err58 = {instancePath:instancePath+"/nodePort",schemaPath:"#/properties/nodePort/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32767},message:"must be <= 32767"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
else {
if(data19 < 30000 || isNaN(data19)){
const err59 = {instancePath:instancePath+"/nodePort",schemaPath:"#/properties/nodePort/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 30000},message:"must be >= 30000"};
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
}
var _valid15 = _errs107 === errors;
valid20 = valid20 || _valid15;
if(!valid20){
const _errs109 = errors;
if(typeof data19 !== "string"){
const err60 = {instancePath:instancePath+"/nodePort",schemaPath:"#/properties/nodePort/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
var _valid15 = _errs109 === errors;
valid20 = valid20 || _valid15;
}
if(!valid20){
const err61 = {instancePath:instancePath+"/nodePort",schemaPath:"#/properties/nodePort/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
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
var valid0 = _errs105 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.selector !== undefined){
let data20 = data.selector;
const _errs111 = errors;
if(errors === _errs111){
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
var valid21 = true;
for(const key4 in data20){
if(pattern0.test(key4)){
let data21 = data20[key4];
const _errs113 = errors;
const _errs114 = errors;
let valid22 = false;
const _errs115 = errors;
if(typeof data21 !== "string"){
const err62 = {instancePath:instancePath+"/selector/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/selector/patternProperties/%5E(.*)%24/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid16 = _errs115 === errors;
valid22 = valid22 || _valid16;
if(!valid22){
const _errs117 = errors;
if(!(typeof data21 == "number")){
const err63 = {instancePath:instancePath+"/selector/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/selector/patternProperties/%5E(.*)%24/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var _valid16 = _errs117 === errors;
valid22 = valid22 || _valid16;
if(!valid22){
const _errs119 = errors;
if(typeof data21 !== "boolean"){
const err64 = {instancePath:instancePath+"/selector/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/selector/patternProperties/%5E(.*)%24/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
var _valid16 = _errs119 === errors;
valid22 = valid22 || _valid16;
}
}
if(!valid22){
const err65 = {instancePath:instancePath+"/selector/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/selector/patternProperties/%5E(.*)%24/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
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
var valid21 = _errs113 === errors;
if(!valid21){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/selector",schemaPath:"#/properties/selector/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs111 === errors;
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

/** True when ServiceSourceSchema (src/types.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const serviceSourceAccepts: (value: unknown) => boolean = validate10;
